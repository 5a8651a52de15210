import type { DocJSON } from '@bree/editor';
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IParagraphStyleOptions,
  type ParagraphChild,
} from 'docx';
import { docxImageParagraphs } from './files.export-images-docx';

type Mark = NonNullable<DocJSON['marks']>[number];
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];

/**
 * The styles of the four simple blocks. Their names are the ones Word and Bree's DOCX import read
 * (docs/PRODUCT.md#import): 'Quote' → block quote, 'Code' → code block, 'Horizontal Line' → rule.
 */
export const DOCX_BLOCK_STYLES: IParagraphStyleOptions[] = [
  {
    id: 'Quote',
    name: 'Quote',
    basedOn: 'Normal',
    next: 'Normal',
    quickFormat: true,
    run: { italics: true, color: '555555' },
    paragraph: { indent: { left: 720 }, border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'BBBBBB', space: 8 } } },
  },
  {
    id: 'Code',
    name: 'Code',
    basedOn: 'Normal',
    next: 'Normal',
    quickFormat: true,
    run: { font: 'Courier New', size: 20 },
    paragraph: { shading: { type: ShadingType.CLEAR, fill: 'F3F0EA', color: 'auto' } },
  },
  {
    id: 'HorizontalLine',
    name: 'Horizontal Line',
    basedOn: 'Normal',
    next: 'Normal',
    paragraph: { border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } } },
  },
];

function runsOf(node: DocJSON, prefix = ''): ParagraphChild[] {
  const out: ParagraphChild[] = prefix ? [new TextRun({ text: prefix })] : [];
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

// A code block is one paragraph in the Code style, its lines kept apart by line breaks (an empty
// paragraph per blank line would be dropped by readers that skip empty paragraphs).
function codeParagraph(node: DocJSON): Paragraph {
  const lines = (node.content ?? [])
    .map((child) => child.text ?? '')
    .join('')
    .split('\n');
  return new Paragraph({ style: 'Code', children: lines.map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}) })) });
}

/** Where a block sits: in a list (numbering reference and level), in a quote, or in a checklist (its indent). */
interface Context {
  list?: { reference: string; level: number };
  quote?: boolean;
  taskLevel?: number;
}

const span = (value: unknown) => (Number.isInteger(value) && (value as number) > 1 ? Math.min(value as number, 20) : undefined);

/**
 * A real Word table across the page: a row of header cells repeats as Word's header row (which
 * Bree's import, through mammoth, reads back as <th> cells); spans are kept.
 */
function wordTable(node: DocJSON): Table {
  const rows = (node.content ?? []).map((row) => {
    const cells = row.content ?? [];
    const header = cells.length > 0 && cells.every((cell) => cell.type === 'tableHeader');
    return new TableRow({
      // Only a header row says so: readers (mammoth) take the element's presence, even `false`, for a header.
      ...(header ? { tableHeader: true } : {}),
      children: cells.map(
        (cell) =>
          new TableCell({
            columnSpan: span(cell.attrs?.colspan),
            rowSpan: span(cell.attrs?.rowspan),
            children: (cell.content ?? []).map((p) => new Paragraph({ children: runsOf(p) })),
          }),
      ),
    });
  });
  return new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } });
}

function paragraphsOf({ nodes, at = {} }: { nodes: DocJSON[]; at?: Context }): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  const style = at.quote ? { style: 'Quote' } : {};
  for (const node of nodes) {
    if (node.type === 'heading') {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level ?? 1)));
      out.push(new Paragraph({ heading: HEADINGS[level - 1], children: runsOf(node) }));
    } else if (node.type === 'paragraph') {
      const indent = at.taskLevel !== undefined ? { indent: { left: 360 * (at.taskLevel + 1) } } : {};
      out.push(new Paragraph({ children: runsOf(node), ...style, ...indent, ...(at.list ? { numbering: at.list } : {}) }));
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      const reference = node.type === 'bulletList' ? 'bree-bullets' : 'bree-numbers';
      const level = at.list ? Math.min(at.list.level + 1, 8) : 0;
      for (const item of node.content ?? []) out.push(...paragraphsOf({ nodes: item.content ?? [], at: { quote: at.quote, list: { reference, level } } }));
    } else if (node.type === 'taskList') {
      // A checklist item reads '☐ ' or '☑ ' before its text, which Bree's import reads back as a checkbox.
      const taskLevel = at.taskLevel === undefined ? 0 : at.taskLevel + 1;
      for (const item of node.content ?? []) {
        const [first, ...rest] = item.content ?? [];
        const box = item.attrs?.checked === true ? '☑ ' : '☐ ';
        if (first) out.push(new Paragraph({ children: runsOf(first, box), ...style, indent: { left: 360 * taskLevel } }));
        out.push(...paragraphsOf({ nodes: rest, at: { quote: at.quote, taskLevel } }));
      }
    } else if (node.type === 'blockquote') {
      out.push(...paragraphsOf({ nodes: node.content ?? [], at: { ...at, quote: true } }));
    } else if (node.type === 'codeBlock') {
      out.push(codeParagraph(node));
    } else if (node.type === 'horizontalRule') {
      out.push(new Paragraph({ style: 'HorizontalLine', children: [] }));
    } else if (node.type === 'image') {
      out.push(...docxImageParagraphs(node));
    } else if (node.type === 'table') {
      out.push(wordTable(node));
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

/**
 * The document as a Word file: headings, lists, checklists, quotes, code, rules, tables, bold, italic,
 * underline, strike, inline code and links; `firstLine` opens it.
 */
export async function docToDocx(doc: DocJSON, title: string, firstLine: string | null = null): Promise<Buffer> {
  const document = new Document({
    title,
    styles: { paragraphStyles: DOCX_BLOCK_STYLES },
    numbering: {
      config: [
        { reference: 'bree-bullets', levels: levels(LevelFormat.BULLET, (i) => ['•', '◦', '▪'][i % 3]!) },
        { reference: 'bree-numbers', levels: levels(LevelFormat.DECIMAL, (i) => `%${i + 1}.`) },
      ],
    },
    sections: [
      {
        children: [
          ...(firstLine ? [new Paragraph({ children: [new TextRun({ text: firstLine, italics: true })] })] : []),
          ...paragraphsOf({ nodes: doc.content ?? [] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
