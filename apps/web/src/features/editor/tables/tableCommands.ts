import type { Editor } from '@tiptap/core';

/** A new table: three columns, a header row and two rows under it (docs/PRODUCT.md#editor "Tables"). */
export const NEW_TABLE = { rows: 3, cols: 3, withHeaderRow: true } as const;

/**
 * Inserts a new table at the caret, the caret in its first cell (not in a table). A table that ends the document gets
 * an empty paragraph after it: without one (and with no gap cursor) nothing could be typed below it.
 */
export function insertTable(editor: Editor): boolean {
  // A cell holds paragraphs only: TipTap would put the new table after this one instead.
  if (editor.isActive('table')) return false;
  if (!editor.chain().focus().insertTable(NEW_TABLE).run()) return false;
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
