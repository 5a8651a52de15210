/**
 * The editor's behaviour for the quote, checklist, divider and code block (docs/PRODUCT.md#editor,
 * "Blocks"): ticking a checklist item from the keyboard, '- [ ] ' in a bulleted list, and the
 * 'Check my draft' keys kept from the code block (TipTap binds Ctrl+Alt+C to it).
 */
import { Extension, InputRule } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import { SHORTCUTS, tiptapKeys } from './shortcuts';
import { requestCheckDraft } from '../checks/panel/checkRequest';

/** Ticks or unticks the checklist item holding the caret; false outside a checklist. */
export function toggleTaskAtCaret({ editor }: { editor: Editor }): boolean {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type.name !== 'taskItem') continue;
    const pos = $from.before(depth);
    editor.view.dispatch(editor.state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, checked: !node.attrs.checked }));
    return true;
  }
  return false;
}

/** '[ ] ' or '[x] ' typed at the start of a bulleted list's item ('- ' made the list): that item becomes a checklist. */
const TASK_IN_BULLET = /^\s*\[([ xX])?\]\s$/;

export const BlockKeys = Extension.create({
  name: 'breeBlockKeys',
  // Before StarterKit's code block, which takes Ctrl/Cmd+Alt+C for itself.
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      [tiptapKeys(SHORTCUTS.toggleTask.keys)]: ({ editor }) => toggleTaskAtCaret({ editor }),
      [tiptapKeys(SHORTCUTS.checkDraft.keys)]: () => {
        requestCheckDraft();
        return true;
      },
    };
  },
  addInputRules() {
    return [
      new InputRule({
        find: TASK_IN_BULLET,
        handler: ({ state, range, match, chain }) => {
          const $from = state.doc.resolve(range.from);
          if ($from.depth < 3 || $from.node(-1).type.name !== 'listItem' || $from.node(-2).type.name !== 'bulletList') return null;
          const checked = (match[1] ?? ' ').toLowerCase() === 'x';
          chain().deleteRange(range).toggleTaskList().updateAttributes('taskItem', { checked }).run();
        },
      }),
    ];
  },
});
