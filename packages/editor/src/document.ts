import { nestsDeeperThan } from '@bree/contracts';
import type { Node as PMNode } from '@tiptap/pm/model';
import { isValidProvenance, PROVENANCE_MARK } from './provenance';
import { IMAGE_SIZES, IMAGE_TEXT_MAX, isBreeImageSrc } from './image';
import { CODE_LANGUAGE_PATTERN, getBreeSchema, isAllowedHref, MAX_CELL_SPAN, WRITER_ATTRIBUTES } from './schema';

/** A document as JSON: TipTap's `JSONContent`, narrowed to what Bree stores. */
export interface DocJSON {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocJSON[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

export const DOC_LIMITS = {
  /** Largest serialized document accepted (bytes of JSON). */
  maxBytes: 5 * 1024 * 1024,
  /** Deepest nesting accepted (doc → list → item → paragraph … ). */
  maxDepth: 40,
  /**
   * Deepest JSON nesting of a document's tree: two per level (a node and its `content` array) and
   * a few more for the deepest node's marks and attributes. Checked before anything walks the tree
   * recursively, so depth hidden in attributes is refused too and nothing overflows the stack.
   */
  maxJsonDepth: 96,
} as const;

export type DocProblem = 'too_large' | 'too_deep' | 'invalid_document';

export class DocumentValidationError extends Error {
  readonly problem: DocProblem;
  constructor(problem: DocProblem, message: string) {
    super(message);
    this.name = 'DocumentValidationError';
    this.problem = problem;
  }
}

/** The empty document: one empty paragraph. */
export function emptyDoc(): DocJSON {
  return { type: 'doc', content: [{ type: 'paragraph' }] };
}

function depthOf(node: DocJSON, depth = 1): number {
  if (depth > DOC_LIMITS.maxDepth) return depth;
  let max = depth;
  for (const child of node.content ?? []) max = Math.max(max, depthOf(child, depth + 1));
  return max;
}

/**
 * Whether an attribute's value is one a writer's document can hold: every writer attribute is a
 * scalar (a block id, a level, a list's start, a link, the provenance fields), never an object or
 * an array a client slipped in; a block id is text.
 */
function isWriterValue(type: string, key: string, value: unknown): boolean {
  if (key === 'id') return value === null || typeof value === 'string';
  // A checkbox is ticked or not; a code block's language is a short name or none (docs/PRODUCT.md#editor).
  if (type === 'taskItem' && key === 'checked') return typeof value === 'boolean';
  if (type === 'codeBlock' && key === 'language') return value === null || (typeof value === 'string' && CODE_LANGUAGE_PATTERN.test(value));
  if (type === 'image') return isImageValue(key, value);
  if (key === 'colspan' || key === 'rowspan') return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_CELL_SPAN;
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** An image's source is Bree's own image route; its alt text and caption are short text; its size one of the presets. */
function isImageValue(key: string, value: unknown): boolean {
  if (key === 'src') return isBreeImageSrc(value);
  if (key === 'size') return (IMAGE_SIZES as readonly unknown[]).includes(value);
  return value === null || (typeof value === 'string' && value.length <= IMAGE_TEXT_MAX);
}

/** `attrs` without the keys the writer does not choose (WRITER_ATTRIBUTES) or values of another kind; the same object when nothing is dropped. */
function writerAttrs(type: string, attrs: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!attrs) return attrs;
  const allowed = WRITER_ATTRIBUTES[type] ?? [];
  const keeps = (key: string) => allowed.includes(key) && isWriterValue(type, key, attrs[key]);
  const keys = Object.keys(attrs);
  if (keys.every(keeps)) return attrs;
  const kept = Object.fromEntries(keys.filter(keeps).map((key) => [key, attrs[key]]));
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function withWriterAttrs<T extends { type: string; attrs?: Record<string, unknown> }>(item: T): T {
  const attrs = writerAttrs(item.type, item.attrs);
  if (attrs === item.attrs) return item;
  const { attrs: _dropped, ...rest } = item;
  return (attrs ? { ...rest, attrs } : rest) as T;
}

/** Links Bree allows, and provenance marks whose attributes are whole and well-formed; every other mark is checked by the schema. */
function keepsMark(mark: { type: string; attrs?: Record<string, unknown> }): boolean {
  if (mark.type === 'link') return isAllowedHref(mark.attrs?.href);
  if (mark.type === PROVENANCE_MARK) return isValidProvenance(withWriterAttrs(mark).attrs);
  return true;
}

function imageAsText(image: DocJSON): DocJSON {
  const alt = typeof image.attrs?.alt === 'string' ? image.attrs.alt.trim() : '';
  return alt ? { type: 'paragraph', content: [{ type: 'text', text: alt }] } : { type: 'paragraph' };
}

function withoutMarks(node: DocJSON): DocJSON {
  if (!node.marks) return node;
  const { marks: _dropped, ...rest } = node;
  return rest;
}

/**
 * Keeps only the attributes a writer chooses, clamps heading levels to 1–6 and drops links
 * Bree does not allow and malformed provenance marks, before validation. Returns the same objects where nothing changes, so
 * large valid documents are not copied.
 */
export function normalizeDoc(input: DocJSON): DocJSON {
  const node = withWriterAttrs(input);
  // An image that is not one of Bree's stored images is never shown or fetched: its alt text stays, as a paragraph.
  if (node.type === 'image' && !isBreeImageSrc(node.attrs?.src)) return imageAsText(node);
  let out = node;
  const edit = (): DocJSON => (out === node ? (out = { ...node }) : out);
  if (node.type === 'heading') {
    const raw = Number(node.attrs?.level ?? 1);
    const level = Math.min(6, Math.max(1, Number.isFinite(raw) ? Math.round(raw) : 1));
    if (node.attrs?.level !== level) edit().attrs = { ...node.attrs, level };
  }
  if (node.marks) {
    const kept = node.marks.filter(keepsMark).map(withWriterAttrs);
    if (kept.length === 0) delete edit().marks;
    else if (kept.length !== node.marks.length || kept.some((mark, i) => mark !== node.marks![i])) edit().marks = kept;
  }
  if (node.content) {
    // Code is plain text: a mark a client sent on it (bold, a link, provenance) is dropped, not refused.
    const children = node.type === 'codeBlock' ? node.content.map(withoutMarks) : node.content;
    const mapped = children.map(normalizeDoc);
    if (mapped.some((child, i) => child !== node.content![i])) edit().content = mapped;
  }
  return out;
}

/**
 * Checks a document against Bree's schema, size and depth caps; returns the normalized
 * ProseMirror node. Throws DocumentValidationError with a stable problem code.
 */
export function validateDoc(input: unknown, opts: { byteLength?: number } = {}): PMNode {
  // First: serializing the tree to measure it, and every walk below, recurse.
  if (nestsDeeperThan({ value: input, maxDepth: DOC_LIMITS.maxJsonDepth })) {
    throw new DocumentValidationError('too_deep', `The document is nested more than ${DOC_LIMITS.maxDepth} levels deep.`);
  }
  const bytes = opts.byteLength ?? Buffer.byteLength(JSON.stringify(input ?? null));
  if (bytes > DOC_LIMITS.maxBytes) {
    throw new DocumentValidationError('too_large', `The document is larger than ${DOC_LIMITS.maxBytes / 1024 / 1024} MB.`);
  }
  if (!input || typeof input !== 'object' || (input as DocJSON).type !== 'doc') {
    throw new DocumentValidationError('invalid_document', 'The content must be a document of type "doc".');
  }
  if (depthOf(input as DocJSON) > DOC_LIMITS.maxDepth) {
    throw new DocumentValidationError('too_deep', `The document is nested more than ${DOC_LIMITS.maxDepth} levels deep.`);
  }
  try {
    const node = getBreeSchema().nodeFromJSON(normalizeDoc(input as DocJSON));
    node.check();
    return node;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unknown problem';
    throw new DocumentValidationError('invalid_document', `The document does not fit Bree's schema: ${reason}`);
  }
}

/** Blocks whose inline content is a block of plain text (the search's map mirrors this: plainTextMap.ts). */
export const TEXT_BLOCKS: readonly string[] = ['paragraph', 'heading', 'codeBlock'];

/**
 * Plain text of a document: blocks separated by blank lines, hard breaks as newlines, a code
 * block's lines as they are. Only the words, no markers (a quote's, a checkbox's, a rule is
 * nothing): it is what words are counted and searched in (docs/PRODUCT.md#editor).
 */
export function toPlainText(doc: DocJSON): string {
  const blocks: string[] = [];
  const inline = (n: DocJSON): string => (n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? '\n' : (n.content ?? []).map(inline).join(''));
  const walk = (n: DocJSON) => {
    if (TEXT_BLOCKS.includes(n.type)) blocks.push(inline(n));
    else for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return blocks
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Plain text → document: paragraphs split at blank lines, single line breaks become hard
 * breaks; the first paragraph carries the first-paragraph marker (docs/PRODUCT.md#editor).
 */
export function fromText(text: string, opts: { markFirstParagraph?: boolean } = {}): DocJSON {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim().length > 0);
  if (paragraphs.length === 0) return emptyDoc();
  return {
    type: 'doc',
    content: paragraphs.map((p, i) => {
      const content: DocJSON[] = [];
      p.split('\n').forEach((line, j) => {
        if (j > 0) content.push({ type: 'hardBreak' });
        if (line) content.push({ type: 'text', text: line });
      });
      const node: DocJSON = { type: 'paragraph', content };
      if (i === 0 && opts.markFirstParagraph) node.attrs = { isFirstParagraph: true };
      return node;
    }),
  };
}

/** Word count splits on whitespace (docs/PRODUCT.md#editor). */
export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}
