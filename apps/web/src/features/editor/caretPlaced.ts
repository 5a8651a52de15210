import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';

/** Whether the writer has put the caret in the text since the document opened (see `caretPlaced`). */
const caretPlacedKey = new PluginKey<boolean>('breeCaretPlaced');

/**
 * True once the text has had focus since the document opened. Before that the editor's selection
 * is only its starting point, not a place the writer chose: chat's Insert at cursor then puts its
 * reply at the end (docs/CHAT.md "In the editor").
 */
export function caretPlaced(state: EditorState): boolean {
  return caretPlacedKey.getState(state) ?? false;
}

/** Remembers the first focus of the text (TipTap marks that transaction with the 'focus' meta). */
export const CaretPlaced = Extension.create({
  name: 'breeCaretPlaced',
  addProseMirrorPlugins() {
    return [
      new Plugin<boolean>({
        key: caretPlacedKey,
        state: {
          init: () => false,
          apply: (tr, placed) => placed || tr.getMeta('focus') !== undefined,
        },
      }),
    ];
  },
});
