import type { DocJSON } from '@bree/editor';
import { imageText } from './files.export-images';
import { tableText } from './files.export-tables';

/** A horizontal rule in plain text: a line of em dashes, as a reader of the .txt would draw one. */
export const TEXT_RULE = '—'.repeat(10);

function inlineText(node: DocJSON): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inlineText).join('');
}

// The further lines of an item (and nested blocks) sit under its text, past the marker.
function underMarker({ marker, body }: { marker: string; body: string }): string {
  const pad = ' '.repeat(marker.length);
  const text = body
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
  return text ? marker + text : marker.trimEnd();
}

function itemMarker(list: DocJSON, item: DocJSON, index: number): string {
  if (list.type === 'taskList') return item.attrs?.checked === true ? '[x] ' : '[ ] ';
  if (list.type === 'bulletList') return '- ';
  const start = Number(list.attrs?.start ?? 1);
  return `${(Number.isFinite(start) ? start : 1) + index}. `;
}

// A list's lines: "- ", "N. " or "[ ] "/"[x] " before each item, its further blocks (and nested lists) under its text.
function listLines(list: DocJSON): string {
  return (list.content ?? [])
    .map((item, index) => underMarker({ marker: itemMarker(list, item, index), body: (item.content ?? []).map(blockText).join('\n') }))
    .join('\n');
}

const LISTS = new Set(['bulletList', 'orderedList', 'taskList']);

/** One block as plain text: lists with markers, a quote's lines after '> ', a rule as a line of dashes, code as written, a table's rows as 'cell | cell' lines. */
function blockText(node: DocJSON): string {
  if (LISTS.has(node.type)) return listLines(node);
  if (node.type === 'horizontalRule') return TEXT_RULE;
  if (node.type === 'image') return imageText(node);
  if (node.type === 'table') return tableText(node);
  if (node.type === 'blockquote') {
    const inner = (node.content ?? [])
      .map(blockText)
      .filter((block) => block.trim() !== '')
      .join('\n\n');
    return inner
      .split('\n')
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n');
  }
  return inlineText(node);
}

/**
 * The document as plain text for download: blocks apart by blank lines, lists kept as "- ", "1. "
 * and "[ ] "/"[x] " lines with nested lists indented, quotes as "> " lines, a rule as a line of
 * dashes, code as written and a table one row per line, its cells apart by ' | '. (toPlainText, for word counts and search, drops markers.)
 */
export function docToText(doc: DocJSON): string {
  return (doc.content ?? [])
    .map(blockText)
    .filter((block) => block.trim() !== '')
    .join('\n\n')
    .trim();
}
