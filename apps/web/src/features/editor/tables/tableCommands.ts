import type { Editor } from '@tiptap/core';
import type { Node as PMNode, NodeType } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { ensureTableEditing } from './tableEditingLoader';

/** A new table: three columns, a header row and two rows under it (docs/PRODUCT.md#editor "Tables"). */
export const NEW_TABLE = { rows: 3, cols: 3, withHeaderRow: true } as const;

function newTable(editor: Editor): PMNode {
  const { nodes } = editor.schema;
  const row = (cell: NodeType) =>
    nodes.tableRow!.create(
      null,
      Array.from({ length: NEW_TABLE.cols }, () => cell.createAndFill()!),
    );
  const rows = Array.from({ length: NEW_TABLE.rows }, (_, index) => row(NEW_TABLE.withHeaderRow && index === 0 ? nodes.tableHeader! : nodes.tableCell!));
  return nodes.table!.create(null, rows);
}

/**
 * Inserts a new table at the caret, the caret in its first cell (not in a table). A table that ends the document gets
 * an empty paragraph after it: without one (and with no gap cursor) nothing could be typed below it.
 */
export function insertTable(editor: Editor): boolean {
  // A cell holds paragraphs only: the new table would land after this one instead.
  if (editor.isActive('table')) return false;
  const table = newTable(editor);
  const inserted = editor
    .chain()
    .focus()
    .command(({ tr }) => {
      const firstCell = tr.selection.from + 1;
      tr.replaceSelectionWith(table).scrollIntoView();
      tr.setSelection(TextSelection.near(tr.doc.resolve(firstCell)));
      return true;
    })
    .run();
  if (!inserted) return false;
  // Tab between cells from the first key on (usually in already: it loads when the page is idle).
  void ensureTableEditing(editor);
  const { doc } = editor.state;
  if (doc.lastChild?.type.name === 'table') editor.commands.insertContentAt(doc.content.size, { type: 'paragraph' }, { updateSelection: false });
  return true;
}

/** True when the first row of the table at the caret is a row of header cells. */
export function hasHeaderRow(editor: Editor): boolean {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type.name !== 'table') continue;
    const first = node.firstChild;
    let header = first !== null && first.childCount > 0;
    first?.forEach((cell) => {
      if (cell.type.name !== 'tableHeader') header = false;
    });
    return header;
  }
  return false;
}
