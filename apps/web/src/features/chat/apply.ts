import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { Fragment, Slice } from '@tiptap/pm/model';
import { TextSelection, type Transaction } from '@tiptap/pm/state';
import { splitParagraphs, type ProvenanceAttrs } from '@bree/contracts';
import { markInsertedAsAi } from '@bree/editor';

/** 'insert': at the cursor (after the selection, which stays); 'replace': instead of the selected text. */
export type ApplyMode = 'insert' | 'replace';

/**
 * Puts a reply's text into `tr` at [from, to] and answers the position right after it. One
 * paragraph goes in as text (keeping the marks around it); several become paragraphs, the first
 * continuing the text before and the last followed by the text after.
 */
export function placeText(tr: Transaction, from: number, to: number, text: string): number {
  const paragraphs = splitParagraphs(text);
  if (paragraphs.length === 0) return to;
  if (paragraphs.length === 1) {
    tr.insertText(paragraphs[0]!, from, to);
  } else {
    const schema = tr.doc.type.schema;
    const nodes = paragraphs.map((p) => schema.nodes.paragraph!.create(null, schema.text(p)));
    tr.replace(from, to, new Slice(Fragment.from(nodes), 1, 1));
  }
  return tr.mapping.map(to, 1);
}

/** The selected text the chat talks about, or '' when nothing is selected. */
export function selectedText(editor: Editor): string {
  const { from, to, empty } = editor.state.selection;
  return empty ? '' : editor.state.doc.textBetween(from, to, '\n\n', ' ').trim();
}

/**
 * Applies a reply to the document as ONE undo step: the history is closed on both sides (it groups
 * edits made within 500 ms), so typing just before or after is never undone with the reply. The
 * new text carries the reply's provenance mark. The caller takes a version first. Answers false
 * when 'replace' has no selection to replace.
 */
export function applyReply(editor: Editor, text: string, mode: ApplyMode, provenance: ProvenanceAttrs): boolean {
  const { from, to, empty } = editor.state.selection;
  if (mode === 'replace' && empty) return false;
  const at = mode === 'insert' ? { from: to, to } : { from, to };
  const tr = closeHistory(editor.state.tr);
  const after = placeText(tr, at.from, at.to, text);
  markInsertedAsAi(tr, 0, provenance);
  tr.setSelection(TextSelection.near(tr.doc.resolve(Math.min(after, tr.doc.content.size)), -1)).scrollIntoView();
  editor.view.dispatch(tr);
  editor.view.dispatch(closeHistory(editor.state.tr));
  return true;
}
