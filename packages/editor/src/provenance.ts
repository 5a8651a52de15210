import { Mark } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { provenanceAttrsSchema, type Authorship, type ProvenanceAttrs } from '@bree/contracts';
import type { DocJSON } from './document';

/**
 * The provenance of AI-written text (`docs/PROVENANCE.md`): a mark on the characters that came
 * from an accepted AI suggestion, naming the operation, action, tier and time.
 */
export const PROVENANCE_MARK = 'aiProvenance';

/** The mark's attributes, as stored and as written on its span (so a copy inside Bree keeps them). */
const ATTRIBUTES = { operationId: 'data-ai-operation', action: 'data-ai-action', tier: 'data-ai-tier', at: 'data-ai-at' } as const;
export const PROVENANCE_ATTRIBUTES = Object.keys(ATTRIBUTES) as (keyof ProvenanceAttrs)[];

interface AttrSource {
  getAttribute(name: string): string | null;
}

export const AiProvenance = Mark.create({
  name: PROVENANCE_MARK,
  // Typing at either edge of AI text is the writer's own: the mark never extends to it.
  inclusive: false,
  addAttributes() {
    return Object.fromEntries(
      Object.entries(ATTRIBUTES).map(([name, attribute]) => [
        name,
        {
          default: null,
          parseHTML: (el: AttrSource) => el.getAttribute(attribute),
          renderHTML: (attrs: Record<string, unknown>) => (attrs[name] ? { [attribute]: String(attrs[name]) } : {}),
        },
      ]),
    );
  },
  parseHTML() {
    return [{ tag: 'span[data-ai-operation]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['span', { class: 'bree-ai-text', ...HTMLAttributes }, 0];
  },
  addProseMirrorPlugins() {
    return [provenanceGuard()];
  },
});

/** True when a stored mark's attributes are whole and well-formed (anything else is dropped on the server). */
export function isValidProvenance(attrs: unknown): attrs is ProvenanceAttrs {
  return provenanceAttrsSchema.safeParse(attrs).success;
}

const nonSpace = (text: string): number => text.length - (text.match(/\s/g)?.length ?? 0);
const hasProvenance = (marks: readonly { type: string | { name: string } }[] | undefined): boolean =>
  !!marks?.some((m) => (typeof m.type === 'string' ? m.type : m.type.name) === PROVENANCE_MARK);

/**
 * A code block's text can carry no mark, so whether the AI wrote it is unknown: it is left out of
 * both figures, like a rule (docs/PROVENANCE.md).
 */
const UNCOUNTED_BLOCK = 'codeBlock';

/** Characters of a stored document (whitespace left out) and how many carry the AI mark. */
export function authorshipOf(doc: DocJSON): Authorship {
  let textChars = 0;
  let aiChars = 0;
  const walk = (node: DocJSON) => {
    if (node.type === UNCOUNTED_BLOCK) return;
    if (node.type === 'text') {
      const count = nonSpace(node.text ?? '');
      textChars += count;
      if (hasProvenance(node.marks)) aiChars += count;
    }
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return { textChars, aiChars };
}

/** authorshipOf, for the editor's live document. */
export function authorshipOfNode(doc: PMNode): Authorship {
  let textChars = 0;
  let aiChars = 0;
  doc.descendants((node) => {
    if (node.type.name === UNCOUNTED_BLOCK) return false;
    if (!node.isText) return true;
    const count = nonSpace(node.text ?? '');
    textChars += count;
    if (hasProvenance(node.marks)) aiChars += count;
    return false;
  });
  return { textChars, aiChars };
}

/** The document without provenance marks (exports and share pages, unless the writer asks); unchanged parts are the same objects. */
export function withoutProvenance(doc: DocJSON): DocJSON {
  let out = doc;
  const edit = (): DocJSON => (out === doc ? (out = { ...doc }) : out);
  if (hasProvenance(doc.marks)) {
    const kept = doc.marks!.filter((m) => m.type !== PROVENANCE_MARK);
    if (kept.length > 0) edit().marks = kept;
    else delete edit().marks;
  }
  if (doc.content) {
    const mapped = doc.content.map(withoutProvenance);
    if (mapped.some((child, i) => child !== doc.content![i])) edit().content = mapped;
  }
  return out;
}

/** Marks no other mark may join (inline code excludes every mark): the editor cannot put provenance on their text either. */
const EXCLUDING_MARKS = new Set(['code']);

/** Every character of the document marked as written by the AI (a variant the AI wrote whole), except inline code. */
export function markedAsAi(doc: DocJSON, attrs: ProvenanceAttrs): DocJSON {
  if (doc.type === 'text') {
    const marks = (doc.marks ?? []).filter((m) => m.type !== PROVENANCE_MARK);
    // Code text with the mark would fail the schema's check, and the whole document with it.
    if (marks.some((m) => EXCLUDING_MARKS.has(m.type))) return marks.length === doc.marks?.length ? doc : { ...doc, marks };
    return { ...doc, marks: [...marks, { type: PROVENANCE_MARK, attrs: { ...attrs } }] };
  }
  return doc.content ? { ...doc, content: doc.content.map((child) => markedAsAi(child, attrs)) } : doc;
}

/** Meta of a transaction that puts accepted AI text in: the guard leaves its marks alone. */
export const AI_TEXT_META = 'breeAiText';
/** prosemirror-history's meta key: undo and redo bring text back with the marks it had. */
const HISTORY_META = 'history$';

interface Range {
  from: number;
  to: number;
}

/** The stretches of `tr.doc` that the steps from `fromStep` on put in. */
export function insertedRanges(tr: Transaction, fromStep = 0): Range[] {
  const ranges: Range[] = [];
  for (let i = fromStep; i < tr.steps.length; i++) {
    const later = tr.mapping.slice(i + 1);
    tr.mapping.maps[i]!.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      const from = later.map(newStart, 1);
      const to = later.map(newEnd, -1);
      if (from < to) ranges.push({ from, to });
    });
  }
  return ranges;
}

/** Marks what the steps of `tr` from `fromStep` on put in as AI-written, and flags `tr` so the guard keeps it. */
export function markInsertedAsAi(tr: Transaction, fromStep: number, attrs: ProvenanceAttrs): Transaction {
  const type = tr.doc.type.schema.marks[PROVENANCE_MARK];
  if (!type) return tr;
  for (const { from, to } of insertedRanges(tr, fromStep)) tr.addMark(from, to, type.create(attrs));
  return tr.setMeta(AI_TEXT_META, true);
}

/** Transactions whose new text keeps the marks it came with: accepted AI text, undo/redo, paste and drop inside the editor. */
function keepsMarks(tr: Transaction): boolean {
  const event = tr.getMeta('uiEvent') as string | undefined;
  return !!tr.getMeta(AI_TEXT_META) || tr.getMeta(HISTORY_META) !== undefined || event === 'paste' || event === 'drop';
}

/**
 * HTML copied from a Bree document is ProseMirror's (it carries `data-pm-slice`) and keeps its marks;
 * HTML from anywhere else loses the attribute the mark is parsed from, so it never arrives as AI text.
 */
export function pastedFromOutside(html: string): string {
  return /\bdata-pm-slice=/.test(html) ? html : html.replace(/\bdata-ai-operation(\s*=)/gi, 'data-ai-pasted$1');
}

export const provenanceGuardKey = new PluginKey('breeProvenanceGuard');

/**
 * Typed text never carries the AI mark: text the writer types inside AI text would otherwise
 * take its marks, so the guard removes the mark from whatever an ordinary edit put in.
 */
export function provenanceGuard(): Plugin {
  return new Plugin({
    key: provenanceGuardKey,
    props: { transformPastedHTML: pastedFromOutside },
    appendTransaction(transactions, _old, state) {
      const type = state.schema.marks[PROVENANCE_MARK];
      if (!type) return null;
      let ranges: Range[] = [];
      for (const tr of transactions) {
        if (!tr.docChanged) continue;
        ranges = ranges.map((r) => ({ from: tr.mapping.map(r.from, 1), to: tr.mapping.map(r.to, -1) })).filter((r) => r.from < r.to);
        if (!keepsMarks(tr)) ranges.push(...insertedRanges(tr));
      }
      const fix = state.tr;
      for (const { from, to } of ranges) if (state.doc.rangeHasMark(from, to, type)) fix.removeMark(from, to, type);
      return fix.docChanged ? fix : null;
    },
  });
}
