import { authorshipLine } from '@bree/contracts';
import { authorshipOf, breeExtensions, normalizeDoc, withoutProvenance, type DocJSON } from '@bree/editor';
import type { AnyExtension } from '@tiptap/core';
import { generateHTML } from '@tiptap/html';
import TurndownService from 'turndown';

import { withCommentsAppendix, type ExportedThread } from './files.export-comments';
import { docToDocx } from './files.export-docx';
import { addImageRules, withExportImages, type ExportImages } from './files.export-images';
import { addTableRules, exportTable } from './files.export-tables';
import { docToText } from './files.export-text';
import type { ExportFormat } from './files.formats';

export { docToDocx } from './files.export-docx';
export { docToText } from './files.export-text';

export { EXPORT_FORMATS, type ExportFormat } from './files.formats';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// Editor-internal attributes (block ids, the pasted-content marker) mean nothing outside Bree.
const INTERNAL_ATTRS = new Set(['id', 'isFirstParagraph']);

function withoutInternalAttrs(node: DocJSON): DocJSON {
  const { attrs, content, ...rest } = node;
  const kept = attrs ? Object.fromEntries(Object.entries(attrs).filter(([key]) => !INTERNAL_ATTRS.has(key))) : undefined;
  return { ...rest, ...(kept ? { attrs: kept } : {}), ...(content ? { content: content.map(withoutInternalAttrs) } : {}) };
}

/**
 * The document body as HTML, rendered from the shared schema (only its nodes and marks, no
 * editor-internal attributes). The AI provenance marks are left out unless `provenance` asks for them.
 */
export function docToHtml(doc: DocJSON, { provenance = false }: { provenance?: boolean } = {}): string {
  const html = generateHTML(withoutInternalAttrs(provenance ? doc : withoutProvenance(doc)), exportExtensions());
  // The checkboxes of a checklist show its state; outside the editor nobody can tick them. The renderer
  // leaves the box's label empty, so it is named (a screen reader says "Done, checked"). The tag is the
  // renderer's own (the writer's text and attributes are escaped, so no `<input` of theirs can appear).
  return html.replaceAll('<input type="checkbox"', '<input type="checkbox" disabled aria-label="Done"');
}

let extensions: AnyExtension[] | null = null;

/** The schema's extensions, with a table written without the editor's widths (files.export-tables.ts). */
function exportExtensions(): AnyExtension[] {
  extensions ??= breeExtensions().map((extension) => (extension.name === 'table' ? exportTable(extension) : extension));
  return extensions;
}

/** The part of turndown's DOM node the list-item rule reads (the server has no DOM types). */
interface ItemElement {
  nextSibling: unknown;
  getAttribute(name: string): string | null;
  parentNode: { nodeName: string; children: ArrayLike<unknown>; getAttribute(name: string): string | null } | null;
}

// "- item" / "1. item" with one space (turndown pads markers to four columns and indents blank lines),
// tight items, and nested lists indented under their item's text.
function listItemMarkdown(content: string, node: ItemElement): string {
  const parent = node.parentNode;
  let marker = '- ';
  // A checklist item is GFM's task item; its nested blocks still indent under the '- '.
  const task = node.getAttribute('data-type') === 'taskItem' ? (node.getAttribute('data-checked') === 'true' ? '[x] ' : '[ ] ') : '';
  if (parent?.nodeName === 'OL') {
    const start = Number(parent.getAttribute('start') ?? 1);
    marker = `${(Number.isFinite(start) ? start : 1) + Array.prototype.indexOf.call(parent.children, node)}. `;
  }
  const pad = ' '.repeat(marker.length);
  const body = content
    .replace(/^\n+|\s+$/g, '')
    // No blank line between an item's text and its nested list: a blank line would make the list loose.
    .replace(/\n{2,}(?=(?:-|\d+\.) )/g, '\n')
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
  return `${body ? marker + task + body : (marker + task).trimEnd()}${node.nextSibling ? '\n' : ''}`;
}

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  emDelimiter: '*',
  strongDelimiter: '**',
  // A hard break as a backslash (CommonMark), not turndown's two trailing spaces, so no line ends in whitespace.
  br: '\\',
  hr: '---',
  codeBlockStyle: 'fenced',
  // An empty item stays an item (turndown would drop it as blank).
  blankReplacement: (content, node) => (node.nodeName === 'LI' ? listItemMarkdown('', node as unknown as ItemElement) : node.isBlock ? '\n\n' : ''),
});
// Text that looks like HTML or an entity stays text: a Markdown reader would otherwise render
// `<img src=x onerror=…>` typed by the writer as a live element. Only the openings that start
// HTML (`<` before a letter, `/`, `!` or `?`) and entity-like `&name;` are written as entities, so
// 'a < b' stays readable. Entities rather than backslashes: a GFM autolink swallows a backslash
// before '<' (`https://x">\</iframe>` would leave the tag live) but stops at an entity.
const escapeMarkdownText = turndown.escape.bind(turndown);
turndown.escape = (text: string) =>
  escapeMarkdownText(text)
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(/<(?=[A-Za-z/!?])/g, '&lt;');
turndown.addRule('strike', { filter: ['s', 'del'], replacement: (content) => `~~${content}~~` });
// Markdown has no underline; HTML's <u> is the form Markdown readers (and Bree's import) understand.
turndown.addRule('underline', { filter: ['u'], replacement: (content) => `<u>${content}</u>` });
turndown.addRule('listItem', { filter: 'li', replacement: (content, node) => listItemMarkdown(content, node as unknown as ItemElement) });

// The checkbox is the item's marker (listItemMarkdown), not text.
turndown.addRule('taskCheckbox', { filter: (node) => node.nodeName === 'INPUT', replacement: () => '' });
addImageRules(turndown);
addTableRules(turndown);

/** The document as Markdown (GitHub-flavoured: ~~strike~~, task lists, fenced code, tables; <u>underline</u>). */
export function docToMarkdown(doc: DocJSON): string {
  return `${turndown.turndown(docToHtml(doc)).trim()}\n`;
}

/** How AI-written spans read in an .html export that keeps them: highlighted, as in the editor. */
const PROVENANCE_STYLE = '<style>.bree-ai-text{background-color:#fdf1c7}.bree-authorship{font-style:italic;color:#555}</style>\n';

export interface ExportOptions {
  title: string;
  format: ExportFormat;
  /**
   * The writer asked for the AI provenance (`provenance=include`): every format opens with the
   * authorship line and .html keeps the AI spans. Without it the export holds no trace of the marks.
   */
  provenance?: boolean;
  /** The bytes of the stored images the document shows (files.export-images.ts); without them an image is its alt text. */
  images?: ExportImages;
  /** The document's comment threads, written after the text when the writer asked (`comments=include`, files.export-comments.ts). */
  comments?: ExportedThread[];
}

/**
 * Renders a document for download in one of the export formats. The document passes the
 * schema's attribute whitelist first, so one stored before the whitelist existed exports inert too.
 */
export async function exportDocument(stored: DocJSON, opts: ExportOptions): Promise<{ body: string | Buffer; contentType: string; extension: string }> {
  const normalized = normalizeDoc(stored);
  const provenance = opts.provenance === true;
  const text = provenance ? normalized : withoutProvenance(normalized);
  // Plain text names an image by its words; every other format carries its bytes.
  const body = opts.format === 'txt' ? text : withExportImages(text, opts.images, { links: opts.format === 'md' ? 'files' : 'data' });
  // The authorship counts the writer's text only: the comments come after it is measured.
  const line = provenance ? authorshipLine(authorshipOf(body)) : null;
  const doc = withCommentsAppendix(body, opts.comments);
  const opening = line ? `${line}\n\n` : '';
  const contentType = CONTENT_TYPES[opts.format];
  switch (opts.format) {
    case 'md':
      return { body: `${opening}${docToMarkdown(doc)}`, contentType, extension: 'md' };
    case 'html': {
      const head = `<meta charset="utf-8">\n<title>${escapeHtml(opts.title)}</title>\n${provenance ? PROVENANCE_STYLE : ''}`;
      const intro = line ? `<p class="bree-authorship">${escapeHtml(line)}</p>\n` : '';
      const body = `<!doctype html>\n<html lang="en">\n<head>\n${head}</head>\n<body>\n${intro}${docToHtml(doc, { provenance })}\n</body>\n</html>\n`;
      return { body, contentType, extension: 'html' };
    }
    case 'docx':
      return { body: await docToDocx(doc, opts.title, line), contentType, extension: 'docx' };
    default:
      return { body: `${opening}${docToText(doc)}`, contentType, extension: 'txt' };
  }
}
