/**
 * Imported tables (HTML, GFM Markdown through marked, Word through mammoth) reshaped into what the
 * schema's table holds (docs/PRODUCT.md#import): rows of cells of paragraphs, a first row of <th>
 * as the header. Runs on the sanitised DOM, before the schema's parser.
 */

const CELLS = 'td, th';
const BLOCKS_IN_CELL = 'h1, h2, h3, h4, h5, h6, pre, li';

function paragraphOf(el: Element): HTMLParagraphElement {
  const p = el.ownerDocument.createElement('p');
  p.append(...Array.from(el.childNodes));
  return p;
}

function unwrap(el: Element): void {
  el.replaceWith(...Array.from(el.childNodes));
}

/** A table inside a cell (the schema holds none) becomes a paragraph per row, 'cell | cell'. */
function flattenInnerTable(table: Element): void {
  const rows = Array.from(table.querySelectorAll('tr')).map((row) => {
    const p = table.ownerDocument.createElement('p');
    p.textContent = Array.from(row.querySelectorAll(CELLS))
      .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join(' | ');
    return p;
  });
  table.replaceWith(...rows);
}

/** A cell's headings, code and list items become its paragraphs; lists, quotes and rules go, their words kept. */
function cellToParagraphs(cell: Element): void {
  for (const table of Array.from(cell.querySelectorAll('table')).reverse()) flattenInnerTable(table);
  for (const hr of Array.from(cell.querySelectorAll('hr'))) hr.remove();
  for (const block of Array.from(cell.querySelectorAll(BLOCKS_IN_CELL)).reverse()) {
    // An item already holding paragraphs (a loose list) just lets them out.
    if (block.tagName === 'LI' && block.querySelector('p')) unwrap(block);
    else block.replaceWith(paragraphOf(block));
  }
  for (const wrapper of Array.from(cell.querySelectorAll('ul, ol, blockquote'))) unwrap(wrapper);
}

/** The rows of `table` itself (through thead/tbody/tfoot), not of a table nested in a cell. */
function ownRows(table: Element): Element[] {
  return Array.from(table.querySelectorAll('tr')).filter((row) => row.closest('table') === table);
}

/**
 * Every outermost table of the sanitised DOM: a caption becomes a paragraph before it, cells are
 * reshaped to paragraphs, a table with no cell goes; thead/tbody/tfoot stay (the parser looks through them).
 */
export function reshapeTables(root: HTMLElement): void {
  const outer = Array.from(root.querySelectorAll('table')).filter((table) => !table.parentElement?.closest('table'));
  for (const table of outer) {
    for (const caption of Array.from(table.querySelectorAll('caption'))) {
      if (caption.closest('table') === table) table.before(paragraphOf(caption));
    }
    const rows = ownRows(table);
    for (const row of rows) for (const cell of Array.from(row.children).filter((c) => c.matches(CELLS))) cellToParagraphs(cell);
    if (!rows.some((row) => row.querySelector(CELLS))) {
      // No cell to hold its words: they stay as a paragraph (an empty <tr> alone would parse as a table).
      const words = (table.textContent ?? '').replace(/\s+/g, ' ').trim();
      const p = table.ownerDocument.createElement('p');
      p.textContent = words;
      if (words) table.replaceWith(p);
      else table.remove();
      continue;
    }
    // Text or stray elements straight inside the table or a row (outside any cell) would break its shape.
    for (const node of Array.from(table.querySelectorAll('*'))) {
      if (node.closest('td, th')) continue;
      if (!['THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH'].includes(node.tagName)) node.remove();
    }
    const strayText = (el: Element) => Array.from(el.childNodes).filter((n) => n.nodeType === 3);
    for (const el of [table, ...Array.from(table.querySelectorAll('thead, tbody, tfoot, tr'))]) for (const text of strayText(el)) text.remove();
  }
}
