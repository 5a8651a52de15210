import { authorshipLine } from '@bree/contracts';
import { authorshipOf, breeExtensions, normalizeDoc, withoutProvenance, type DocJSON } from '@bree/editor';
import { generateHTML } from '@tiptap/html';
import { AlignmentType, Document, ExternalHyperlink, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';
import TurndownService from 'turndown';

import type { ExportFormat } from './files.formats';

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
  return generateHTML(withoutInternalAttrs(provenance ? doc : withoutProvenance(doc)), breeExtensions());
}

/** The part of turndown's DOM node the list-item rule reads (the server has no DOM types). */
interface ItemElement {
  nextSibling: unknown;
  parentNode: { nodeName: string; children: ArrayLike<unknown>; getAttribute(name: string): string | null } | null;
}

// "- item" / "1. item" with one space (turndown pads markers to four columns and indents blank lines),
// tight items, and nested lists indented under their item's text.
function listItemMarkdown(content: string, node: ItemElement): string {
  const parent = node.parentNode;
  let marker = '- ';
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
  return `${body ? marker + body : marker.trimEnd()}${node.nextSibling ? '\n' : ''}`;
}

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  emDelimiter: '*',
  strongDelimiter: '**',
  // A hard break as a backslash (CommonMark), not turndown's two trailing spaces, so no line ends in whitespace.
  br: '\\',
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

/** The document as Markdown (CommonMark + ~~strike~~ and <u>underline</u>). */
export function docToMarkdown(doc: DocJSON): string {
  return `${turndown.turndown(docToHtml(doc)).trim()}\n`;
}

type Mark = NonNullable<DocJSON['marks']>[number];
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

function runsOf(node: DocJSON): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const child of node.content ?? []) {
    if (child.type === 'hardBreak') {
      out.push(new TextRun({ text: '', break: 1 }));
      continue;
    }
    if (child.type !== 'text') continue;
    const has = (t: string) => (child.marks ?? []).some((m: Mark) => m.type === t);
    const link = (child.marks ?? []).find((m: Mark) => m.type === 'link');
    const run = new TextRun({
      text: child.text ?? '',
      bold: has('bold'),
      italics: has('italic'),
      strike: has('strike'),
      underline: has('underline') || link ? {} : undefined,
      font: has('code') ? 'Courier New' : undefined,
      style: link ? 'Hyperlink' : undefined,
    });
    out.push(link ? new ExternalHyperlink({ link: String(link.attrs?.href ?? ''), children: [run] }) : run);
  }
  return out;
}

function paragraphsOf(nodes: DocJSON[], list?: { reference: string; level: number }): Paragraph[] {
  const out: Paragraph[] = [];
  for (const node of nodes) {
    if (node.type === 'heading') {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level ?? 1)));
      out.push(new Paragraph({ heading: HEADINGS[level - 1], children: runsOf(node) }));
    } else if (node.type === 'paragraph') {
      out.push(new Paragraph({ children: runsOf(node), ...(list ? { numbering: list } : {}) }));
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      const reference = node.type === 'bulletList' ? 'bree-bullets' : 'bree-numbers';
      const level = list ? Math.min(list.level + 1, 8) : 0;
      for (const item of node.content ?? []) {
        const [first, ...rest] = item.content ?? [];
        if (first) out.push(...paragraphsOf([first], { reference, level }));
        out.push(...paragraphsOf(rest, { reference, level }));
      }
    }
  }
  return out;
}

const levels = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: (i: number) => string) =>
  Array.from({ length: 9 }, (_, i) => ({
    level: i,
    format,
    text: text(i),
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 720 * (i + 1), hanging: 360 } } },
  }));

/** The document as a Word file: headings, lists, bold, italic, underline, strike, code and links; `firstLine` opens it. */
export async function docToDocx(doc: DocJSON, title: string, firstLine: string | null = null): Promise<Buffer> {
  const document = new Document({
    title,
    numbering: {
      config: [
        { reference: 'bree-bullets', levels: levels(LevelFormat.BULLET, (i) => ['•', '◦', '▪'][i % 3]!) },
        { reference: 'bree-numbers', levels: levels(LevelFormat.DECIMAL, (i) => `%${i + 1}.`) },
      ],
    },
    sections: [
      {
        children: [...(firstLine ? [new Paragraph({ children: [new TextRun({ text: firstLine, italics: true })] })] : []), ...paragraphsOf(doc.content ?? [])],
      },
    ],
  });
  return Packer.toBuffer(document);
}

function inlineText(node: DocJSON): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inlineText).join('');
}

// A list's lines: "- " or "N. " before each item, the item's further lines (and nested lists) under its text.
function listLines(list: DocJSON): string {
  const start = Number(list.attrs?.start ?? 1);
  return (list.content ?? [])
    .map((item, index) => {
      const marker = list.type === 'bulletList' ? '- ' : `${(Number.isFinite(start) ? start : 1) + index}. `;
      const body = (item.content ?? []).map((child) => (child.type === 'bulletList' || child.type === 'orderedList' ? listLines(child) : inlineText(child)));
      const pad = ' '.repeat(marker.length);
      const lines = body.join('\n').split('\n');
      const text = lines.map((line, i) => (i === 0 || line === '' ? line : pad + line)).join('\n');
      return text ? marker + text : marker.trimEnd();
    })
    .join('\n');
}

/**
 * The document as plain text for download: blocks apart by blank lines, lists kept as "- " and
 * "1. " lines with nested lists indented. (toPlainText, for word counts and search, drops markers.)
 */
export function docToText(doc: DocJSON): string {
  return (doc.content ?? [])
    .map((node) => (node.type === 'bulletList' || node.type === 'orderedList' ? listLines(node) : inlineText(node)))
    .filter((block) => block.trim() !== '')
    .join('\n\n')
    .trim();
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
}

/**
 * Renders a document for download in one of the export formats. The document passes the
 * schema's attribute whitelist first, so one stored before the whitelist existed exports inert too.
 */
export async function exportDocument(stored: DocJSON, opts: ExportOptions): Promise<{ body: string | Buffer; contentType: string; extension: string }> {
  const normalized = normalizeDoc(stored);
  const provenance = opts.provenance === true;
  const doc = provenance ? normalized : withoutProvenance(normalized);
  const line = provenance ? authorshipLine(authorshipOf(doc)) : null;
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
