import { callOrReturn, getExtensionField, mergeAttributes, Node, type AnyExtension } from '@tiptap/core';

/**
 * The table node as the schema needs it, and nothing more. TipTap's own table extension also carries the
 * editing (prosemirror-tables' cell selection, Tab between cells, row and column commands), about 10 KB
 * gzipped that the editor page's first load cannot afford (docs/PAGE-WEIGHT.md); the web editor registers
 * that editing once the page is up (apps/web/src/features/editor/tables/). The server has no use for it.
 *
 * Same name, content and roles as TipTap's table, so documents saved before read the same. Rows and cells
 * stay TipTap's (their modules carry no editing).
 */
export const BreeTable = Node.create({
  name: 'table',
  content: 'tableRow+',
  // prosemirror-tables finds tables, rows and cells by this role.
  tableRole: 'table',
  isolating: true,
  group: 'block',

  parseHTML() {
    return [{ tag: 'table' }];
  },

  /**
   * A box that scrolls sideways when the table is wider than the column (editor.css `.tableWrapper`).
   * No `<colgroup>` or inline widths: Bree's columns take the text's width, and exports write their own
   * table (apps/server/src/modules/files/files.export-tables.ts).
   */
  renderHTML({ HTMLAttributes }) {
    return ['div', { class: 'tableWrapper' }, ['table', mergeAttributes(HTMLAttributes), ['tbody', 0]]];
  },

  // Every node's `tableRole` field (row, cell, header cell) goes into its schema spec, where prosemirror-tables reads it.
  extendNodeSchema(extension: AnyExtension) {
    // Walks `extend()` parents too (a cell extended with its own content keeps the cell's role).
    const role: unknown = getExtensionField(extension, 'tableRole', { name: extension.name, options: extension.options, storage: extension.storage } as never);
    return { tableRole: callOrReturn(role) as string | undefined };
  },
});
