import type { ProvenanceAttrs } from '@bree/contracts';
import { EditorState } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import { normalizeDoc, validateDoc, type DocJSON } from './document';
import { authorshipOf, authorshipOfNode, markedAsAi, markInsertedAsAi, PROVENANCE_MARK, withoutProvenance } from './provenance';
import { getBreeSchema } from './schema';

const ATTRS: ProvenanceAttrs = { operationId: 'op-accept-1', action: 'enhance', tier: 'fast', at: '2026-11-28T04:00:00.000Z' };
const OTHER: ProvenanceAttrs = { operationId: 'op_variant_2', action: 'storify', tier: 'premium', at: '2026-11-28T05:00:00+02:00' };

type MarkJSON = NonNullable<DocJSON['marks']>[number];
const ai = (attrs: Record<string, unknown> = ATTRS): MarkJSON => ({ type: PROVENANCE_MARK, attrs });
const bold: MarkJSON = { type: 'bold' };
const text = (t: string, ...marks: MarkJSON[]): DocJSON => ({ type: 'text', text: t, ...(marks.length ? { marks } : {}) });
const p = (...content: DocJSON[]): DocJSON => ({ type: 'paragraph', content });
const doc = (...content: DocJSON[]): DocJSON => ({ type: 'doc', content });
const item = (...content: DocJSON[]): DocJSON => ({ type: 'listItem', content });
const hardBreak: DocJSON = { type: 'hardBreak' };

/** Heading 'Title' (5), 'one' (3) in a list holding a nested AI item 'two three' (8), 'four ' (4) and AI 'five' (4). */
const nested = (): DocJSON =>
  doc(
    { type: 'heading', attrs: { level: 1 }, content: [text('Title')] },
    { type: 'bulletList', content: [item(p(text('one')), { type: 'bulletList', content: [item(p(text('two three', ai())))] })] },
    { type: 'orderedList', attrs: { start: 1 }, content: [item(p(text('four '), text('five', bold, ai(OTHER))))] },
  );

/** Both counts, which must agree: on the stored JSON and on the editor's node. */
const counts = (json: DocJSON) => {
  const stored = authorshipOf(json);
  expect(authorshipOfNode(validateDoc(json))).toEqual(stored);
  return stored;
};

describe('authorship figures of fixed documents', () => {
  it('counts characters without whitespace, and those carrying the mark', () => {
    expect(counts(doc(p(text('Hello world'), text(' new words', ai()))))).toEqual({ textChars: 18, aiChars: 8 });
    expect(counts(doc(p(text(' \t ', ai()), text('a b'))))).toEqual({ textChars: 2, aiChars: 0 });
    expect(counts(doc(p(text('ab'), hardBreak, text('cd e', ai()))))).toEqual({ textChars: 5, aiChars: 3 });
    expect(counts(doc(p(text('bold AI', bold, ai()))))).toEqual({ textChars: 6, aiChars: 6 });
  });

  it('walks headings and nested lists', () => {
    expect(counts(nested())).toEqual({ textChars: 24, aiChars: 12 });
  });

  it('counts nothing in an empty document', () => {
    expect(counts(doc(p()))).toEqual({ textChars: 0, aiChars: 0 });
  });
});

describe('provenance marks in stored documents', () => {
  const only = (attrs: Record<string, unknown> | undefined): DocJSON => doc(p(text('AI', bold, { type: PROVENANCE_MARK, ...(attrs ? { attrs } : {}) })));
  const marksOf = (json: DocJSON) => json.content![0]!.content![0]!.marks;

  it('keeps a valid mark, returning the same document', () => {
    const input = only(ATTRS);
    expect(normalizeDoc(input)).toBe(input);
    expect(validateDoc(input).firstChild!.firstChild!.marks.map((m) => [m.type.name, m.attrs])).toEqual([
      ['bold', {}],
      [PROVENANCE_MARK, ATTRS],
    ]);
  });

  it('drops a mark with missing or malformed attributes and keeps the other marks', () => {
    const { at: _at, ...noDate } = ATTRS;
    const bad: (Record<string, unknown> | undefined)[] = [
      undefined,
      noDate,
      { ...ATTRS, action: 'rewrite' },
      { ...ATTRS, tier: 'ultra' },
      { ...ATTRS, at: 'yesterday' },
      { ...ATTRS, at: '2026-11-28' },
      { ...ATTRS, operationId: 'op 1' },
      { ...ATTRS, operationId: '' },
      { ...ATTRS, tier: 3 },
    ];
    for (const attrs of bad) {
      const input = only(attrs);
      const copy = structuredClone(input);
      expect(marksOf(normalizeDoc(input)), JSON.stringify(attrs)).toEqual([bold]);
      expect(validateDoc(input).firstChild!.firstChild!.marks.map((m) => m.type.name)).toEqual(['bold']);
      expect(input).toEqual(copy);
    }
    const alone = doc(p(text('AI', ai({ ...ATTRS, tier: 'ultra' }))));
    expect(normalizeDoc(alone).content![0]!.content![0]).toEqual({ type: 'text', text: 'AI' });
  });

  it('drops extra attributes and keeps the mark when its four are valid', () => {
    expect(marksOf(normalizeDoc(only({ ...ATTRS, model: 'gpt', class: 'x' })))).toEqual([bold, ai(ATTRS)]);
    expect(validateDoc(only({ ...ATTRS, style: 'color:red' })).firstChild!.firstChild!.marks[1]!.attrs).toEqual(ATTRS);
  });
});

describe('withoutProvenance', () => {
  it('removes every provenance mark and keeps the others', () => {
    const input = nested();
    const copy = structuredClone(input);
    const out = withoutProvenance(input);
    expect(JSON.stringify(out)).not.toContain(PROVENANCE_MARK);
    expect(authorshipOf(out)).toEqual({ textChars: 24, aiChars: 0 });
    expect(out.content![2]!.content![0]!.content![0]!.content).toEqual([text('four '), text('five', bold)]);
    expect(out.content![1]!.content![0]!.content![1]!.content![0]!.content![0]!.content).toEqual([text('two three')]);
    expect(input).toEqual(copy);
  });

  it('returns the same objects where there is no mark', () => {
    const plain = doc(p(text('Hello', bold)), p(text('world')));
    expect(withoutProvenance(plain)).toBe(plain);
    const input = nested();
    const out = withoutProvenance(input);
    expect(out).not.toBe(input);
    expect(out.content![0]).toBe(input.content![0]);
  });
});

describe('markedAsAi', () => {
  it('marks every character, in nested lists and around hard breaks', () => {
    const input = doc(p(text('ab'), hardBreak, text('cd')), nested().content![1]!);
    const out = markedAsAi(input, ATTRS);
    expect(counts(out)).toEqual({ textChars: 15, aiChars: 15 });
    expect(out.content![0]!.content![1]).toEqual(hardBreak);
    expect(authorshipOf(input).aiChars).toBe(8);
  });

  it('replaces an older provenance mark and keeps the other marks', () => {
    const out = markedAsAi(doc(p(text('five', bold, ai(OTHER)))), ATTRS);
    expect(out.content![0]!.content![0]!.marks).toEqual([bold, ai(ATTRS)]);
    expect(validateDoc(out).firstChild!.firstChild!.marks[1]!.attrs).toEqual(ATTRS);
  });

  it('leaves inline code unmarked, as the editor does, so the document stays valid', () => {
    const code: MarkJSON = { type: 'code' };
    const out = markedAsAi(doc(p(text('run '), text('npm test', code))), ATTRS);
    expect(out.content![0]!.content).toEqual([text('run ', ai(ATTRS)), text('npm test', code)]);
    expect(counts(out)).toEqual({ textChars: 10, aiChars: 3 });

    const schema = getBreeSchema();
    const state = EditorState.create({ doc: schema.nodeFromJSON(doc(p(text('run ')))) });
    const tr = state.tr.insert(5, schema.text('npm test', [schema.marks.code!.create()]));
    expect(markInsertedAsAi(tr, 0, ATTRS).doc.toJSON().content[0].content[1].marks).toEqual([code]);
  });
});
