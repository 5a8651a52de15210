import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { TextSelection } from '@tiptap/pm/state';
import type { ProvenanceAttrs } from '@bree/contracts';
import { markInsertedAsAi } from '@bree/editor';
import { caretPlaced } from '../editor/caretPlaced';
import { placeReply, replyBlocks } from './placement';

/** 'insert': at the cursor (in place of the selection, as typing would); 'replace': instead of the selected text. */
export type ApplyMode = 'insert' | 'replace';

/** The selected text the chat talks about, or '' when nothing is selected. */
export function selectedText(editor: Editor): string {
  const { from, to, empty } = editor.state.selection;
  return empty ? '' : editor.state.doc.textBetween(from, to, '\n\n', ' ').trim();
}

/**
 * Applies a reply to the document as ONE undo step: the history is closed on both sides (it groups
 * edits made within 500 ms), so typing just before or after is never undone with it. Where it goes
 * is `placeReply`'s rule (docs/CHAT.md "In the editor"). The new text carries the reply's
 * provenance mark. The caller takes a version first. Answers false when 'replace' has no
 * selection to replace.
 */
export function applyReply(editor: Editor, text: string, mode: ApplyMode, provenance: ProvenanceAttrs): boolean {
  const { from, to, empty } = editor.state.selection;
  if (mode === 'replace' && empty) return false;
  const tr = closeHistory(editor.state.tr);
  const end = placeReply({ tr, target: { from, to, caretPlaced: caretPlaced(editor.state) }, blocks: replyBlocks(text) });
  if (end === null) return true;
  markInsertedAsAi(tr, 0, provenance);
  tr.setSelection(TextSelection.near(tr.doc.resolve(Math.min(end, tr.doc.content.size)), -1)).scrollIntoView();
  editor.view.dispatch(tr);
  editor.view.dispatch(closeHistory(editor.state.tr));
  return true;
}
