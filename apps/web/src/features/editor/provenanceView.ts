import { getHTMLFromFragment } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import { Node as PMNode } from '@tiptap/pm/model';
import { withoutProvenance } from '@bree/editor';
import type { DocJSON } from '@bree/editor';

/** Class on the editor's root while 'Show AI-written text' is on (editor.css highlights the marked spans under it). */
export const SHOW_AI_TEXT_CLASS = 'bree-show-ai';

/** True while the editor highlights the text the AI wrote. */
export function isAiTextShown(editor: Editor): boolean {
  return editor.view.dom.classList.contains(SHOW_AI_TEXT_CLASS);
}

/**
 * Highlights (or stops highlighting) the text the AI wrote. The class sits on the editor's own root,
 * which ProseMirror keeps: it only adds and removes the classes it set itself.
 */
export function showAiText(editor: Editor, shown: boolean): void {
  editor.view.dom.classList.toggle(SHOW_AI_TEXT_CLASS, shown);
}

/** The document as HTML without the provenance marks: what 'Copy as HTML' puts on the clipboard. */
export function htmlWithoutProvenance(editor: Editor): string {
  const doc = PMNode.fromJSON(editor.schema, withoutProvenance(editor.getJSON() as DocJSON));
  return getHTMLFromFragment(doc.content, editor.schema);
}
