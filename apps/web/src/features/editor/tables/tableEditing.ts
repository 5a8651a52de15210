import type { Editor } from '@tiptap/core';
import { keymap } from '@tiptap/pm/keymap';
import type { Command } from '@tiptap/pm/state';
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  CellSelection,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  tableEditing,
  toggleHeader,
} from '@tiptap/pm/tables';

/**
 * Editing a table (docs/PRODUCT.md#editor "Tables"): prosemirror-tables' cell selection and fixing, the
 * table's keys and the 'Table options' commands. Loaded once the editor is up (tableEditingLoader.ts), so the
 * page's first load carries none of it (docs/PAGE-WEIGHT.md); the schema's table is packages/editor's.
 */

/** What 'Table options' can do to the table at the caret; each is a ProseMirror command. */
export const TABLE_ACTIONS = {
  addRowBefore,
  addRowAfter,
  deleteRow,
  addColumnBefore,
  addColumnAfter,
  deleteColumn,
  toggleHeaderRow: toggleHeader('row'),
  deleteTable,
} satisfies Record<string, Command>;

export type TableAction = keyof typeof TABLE_ACTIONS;

/** Runs one of the table's commands at the caret, the caret staying in the editor; false when it cannot. */
export function runTableAction(editor: Editor, action: TableAction): boolean {
  const command = TABLE_ACTIONS[action];
  return editor
    .chain()
    .focus()
    .command(({ state, dispatch }) => command(state, dispatch))
    .run();
}

/** True when the table's command can run at the caret (a table of one row cannot lose it). */
export function canRunTableAction(editor: Editor, action: TableAction): boolean {
  return TABLE_ACTIONS[action](editor.state);
}

/** Tab: the next cell, its text selected; in the last cell, a new row and the caret in its first cell. One undo step. */
function nextCellOrNewRow(editor: Editor): Command {
  return (state, dispatch) => {
    if (goToNextCell(1)(state, dispatch)) return true;
    if (!addRowAfter(state)) return false;
    return editor
      .chain()
      .command(({ state: s, dispatch: d }) => addRowAfter(s, d))
      .command(({ state: s, dispatch: d }) => goToNextCell(1)(s, d))
      .run();
  };
}

/** Backspace or Delete with every cell selected takes the whole table out (not just the cells' text). */
const deleteWhenAllSelected: Command = (state, dispatch) => {
  const { selection } = state;
  if (!(selection instanceof CellSelection) || !selection.isRowSelection() || !selection.isColSelection()) return false;
  return deleteTable(state, dispatch);
};

const installed = new WeakSet<Editor>();

/** Gives `editor` the table's editing, once; ahead of the other keys, as TipTap's table extension had them. */
export function installTableEditing(editor: Editor): void {
  if (installed.has(editor) || editor.isDestroyed) return;
  installed.add(editor);
  const keys = keymap({
    Tab: nextCellOrNewRow(editor),
    'Shift-Tab': goToNextCell(-1),
    Backspace: deleteWhenAllSelected,
    'Mod-Backspace': deleteWhenAllSelected,
    Delete: deleteWhenAllSelected,
    'Mod-Delete': deleteWhenAllSelected,
  });
  editor.registerPlugin(tableEditing({ allowTableNodeSelection: false }), (plugin, plugins) => [plugin, ...plugins]);
  editor.registerPlugin(keys, (plugin, plugins) => [plugin, ...plugins]);
}
