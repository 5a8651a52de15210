import { breeExtensions, toPlainText, type DocJSON } from '@bree/editor';
import { generateHTML } from '@tiptap/html';
import { AlignmentType, Document, ExternalHyperlink, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun, type ParagraphChild } from 'docx';
import TurndownService from 'turndown';

export const EXPORT_FORMATS = ['txt', 'md', 'html', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The document body as HTML, rendered from the shared schema (only its nodes and marks). */
export function docToHtml(doc: DocJSON): string {
  return generateHTML(doc, breeExtensions());
}

const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', emDelimiter: '*', strongDelimiter: '**' });
turndown.addRule('strike', { filter: ['s', 'del'], replacement: (content) => `~~${content}~~` });
// Markdown has no underline; HTML's <u> is the form Markdown readers (and Bree's import) understand.
turndown.addRule('underline', { filter: ['u'], replacement: (content) => `<u>${content}</u>` });

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

/** The document as a Word file: headings, lists, bold, italic, underline, strike, code and links. */
export async function docToDocx(doc: DocJSON, title: string): Promise<Buffer> {
  const document = new Document({
    title,
    numbering: {
      config: [
        { reference: 'bree-bullets', levels: levels(LevelFormat.BULLET, (i) => ['•', '◦', '▪'][i % 3]!) },
        { reference: 'bree-numbers', levels: levels(LevelFormat.DECIMAL, (i) => `%${i + 1}.`) },
      ],
    },
    sections: [{ children: paragraphsOf(doc.content ?? []) }],
  });
  return Packer.toBuffer(document);
}

/** Renders a document for download in one of the export formats. */
export async function exportDocument(
  doc: DocJSON,
  opts: { title: string; format: ExportFormat },
): Promise<{ body: string | Buffer; contentType: string; extension: string }> {
  const contentType = CONTENT_TYPES[opts.format];
  switch (opts.format) {
    case 'md':
      return { body: docToMarkdown(doc), contentType, extension: 'md' };
    case 'html': {
      const body = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(opts.title)}</title>\n</head>\n<body>\n${docToHtml(doc)}\n</body>\n</html>\n`;
      return { body, contentType, extension: 'html' };
    }
    case 'docx':
      return { body: await docToDocx(doc, opts.title), contentType, extension: 'docx' };
    default:
      return { body: toPlainText(doc), contentType, extension: 'txt' };
  }
}
