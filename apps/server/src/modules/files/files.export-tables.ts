import type { DocJSON } from '@bree/editor';
import { mergeAttributes, type AnyExtension } from '@tiptap/core';
import type TurndownService from 'turndown';

/**
 * Tables outside the editor (docs/PRODUCT.md#export): the HTML every export and server-rendered page
 * writes, GFM Markdown rows and plain-text rows. The Word table is in files.export-docx.ts.
 */

/**
 * The schema's table rendered as `<div class="bree-table"><table><tbody>…`: no inline style or
 * `<colgroup>` of minimum widths (the editor's, meaningless outside it and refused by the pages' CSP),
 * and a wrapper the share page scrolls sideways on a phone (focusable, so a keyboard scrolls it too).
 * The schema's parser still reads it back.
 */
export function exportTable(table: AnyExtension): AnyExtension {
  return table.extend({
    renderHTML({ HTMLAttributes }: { HTMLAttributes: Record<string, unknown> }) {
      return ['div', { class: 'bree-table', tabindex: '0' }, ['table', mergeAttributes(HTMLAttributes), ['tbody', 0]]];
    },
  }) as AnyExtension;
}

function inlineText(node: DocJSON): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return ' ';
  return (node.content ?? []).map(inlineText).join('');
}

/** A table in plain text: one row per line, its cells' words apart by ' | '. */
export function tableText(table: DocJSON): string {
  return (table.content ?? [])
    .map((row) => (row.content ?? []).map((cell) => (cell.content ?? []).map(inlineText).join(' ').replace(/\s+/g, ' ').trim()).join(' | '))
    .join('\n');
}

/** The part of turndown's DOM node the table rule reads (the server has no DOM types). */
interface TableElement {
  nodeName: string;
  childNodes: ArrayLike<TableElement>;
  getAttribute?(name: string): string | null;
}

function rowsOf(node: TableElement, rows: TableElement[] = []): TableElement[] {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeName === 'TR') rows.push(child);
    else if (['THEAD', 'TBODY', 'TFOOT'].includes(child.nodeName)) rowsOf(child, rows);
  }
  return rows;
}

/**
 * A cell's Markdown on one line: its paragraphs and line breaks as `<br>` (GFM cells hold no
 * blocks; Bree's import reads `<br>` back as a line break), and every pipe escaped so it stays text.
 */
function cellMarkdown(turndown: TurndownService, cell: TableElement): string {
  return (
    turndown
      .turndown(cell as unknown as Parameters<TurndownService['turndown']>[0])
      .trim()
      .split(/\n{2,}/)
      // A hard break is turndown's '\' at the end of a line.
      .map((paragraph) => paragraph.replace(/\\\n/g, '<br>').replace(/\n/g, ' '))
      .join('<br>')
      .replace(/\|/g, '\\|')
  );
}

/**
 * GFM tables: the first row is the header (GFM has no table without one), a cell spanning columns
 * is followed by empty ones, and short rows are padded, so every row has the table's width.
 */
export function addTableRules(turndown: TurndownService): void {
  turndown.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => {
      const rows = rowsOf(node as unknown as TableElement).map((row) =>
        Array.from(row.childNodes)
          .filter((cell) => cell.nodeName === 'TH' || cell.nodeName === 'TD')
          .flatMap((cell) => {
            const span = Math.min(20, Math.max(1, Number(cell.getAttribute?.('colspan') ?? 1) || 1));
            return [cellMarkdown(turndown, cell), ...Array<string>(span - 1).fill('')];
          }),
      );
      const width = Math.max(1, ...rows.map((cells) => cells.length));
      const line = (cells: string[]) => `| ${[...cells, ...Array<string>(width - cells.length).fill('')].join(' | ')} |`;
      const [header = [], ...body] = rows;
      return `\n\n${[line(header), line(Array<string>(width).fill('---')), ...body.map(line)].join('\n')}\n\n`;
    },
  });
}
