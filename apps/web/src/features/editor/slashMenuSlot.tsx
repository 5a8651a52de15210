import { Suspense, lazy } from 'react';
import type { Editor } from '@tiptap/core';
import type { AiAction } from '@bree/contracts';

const SlashMenu = lazy(() => import('./SlashMenu').then((m) => ({ default: m.SlashMenu })));

/**
 * The '/' menu of the open document: its trigger and list load just after the editor shows, so
 * the editor's first load carries only this (docs/PAGE-WEIGHT.md, docs/PRODUCT.md#editor).
 */
export function SlashMenuSlot({ editor, onRun }: { editor: Editor; onRun(action: AiAction): void }) {
  return (
    <Suspense fallback={null}>
      <SlashMenu editor={editor} onRun={onRun} />
    </Suspense>
  );
}

/**
 * Opens the '/' menu at the caret, as typing a slash would (the toolbar's and the phone's
 * 'Insert block or ask AI'): a slash goes in, after a space when the caret follows a word.
 */
export function openSlashMenu(editor: Editor): void {
  const { $to } = editor.state.selection;
  const before = $to.parentOffset === 0 ? '' : editor.state.doc.textBetween($to.pos - 1, $to.pos, '\n', '\n');
  const slash = before === '' || /\s/.test(before) ? '/' : ' /';
  editor.chain().focus().setTextSelection($to.pos).insertContent(slash).run();
}
