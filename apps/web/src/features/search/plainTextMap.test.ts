import { getBreeSchema, toPlainText } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import { describe, expect, it } from 'vitest';
import { locatePassage, plainTextWithPositions } from './plainTextMap';

const t = (text: string): DocJSON => ({ type: 'text', text });
const p = (...content: DocJSON[]): DocJSON => ({ type: 'paragraph', content });
const h = (level: number, text: string): DocJSON => ({ type: 'heading', attrs: { level }, content: [t(text)] });
const li = (text: string): DocJSON => ({ type: 'listItem', content: [p(t(text))] });
const doc = (...content: DocJSON[]) => getBreeSchema().nodeFromJSON({ type: 'doc', content });

const FIXTURES: Record<string, ReturnType<typeof doc>> = {
  paragraphs: doc(p(t('First paragraph here.')), p(t('Second one, with the otter.')), p(t('Third.'))),
  headingAndList: doc(
    h(1, 'Field notes'),
    p(t('Intro line.')),
    { type: 'bulletList', content: [li('apples and pears'), li('river otter sighting')] },
    p(t('After the list.')),
  ),
  orderedAndBreaks: doc(p(t('Line one'), { type: 'hardBreak' }, t('line two')), { type: 'orderedList', content: [li('step one'), li('step two')] }),
  emptyBlocksAndSpaces: doc(p(), p(t('  leading spaces')), p(), p(), p(t('tail text'), { type: 'hardBreak' }), p(t('end'))),
  marks: doc(p(t('plain '), { type: 'text', text: 'bold otter', marks: [{ type: 'bold' }] }, t(' after'))),
};

describe('plainTextWithPositions', () => {
  it.each(Object.keys(FIXTURES))('gives the same text as toPlainText for %s', (name) => {
    const node = FIXTURES[name]!;
    expect(plainTextWithPositions(node).text).toBe(toPlainText(node.toJSON() as DocJSON));
  });

  it.each(Object.keys(FIXTURES))('maps every text character of %s to that character in the document', (name) => {
    const node = FIXTURES[name]!;
    const { text, positions } = plainTextWithPositions(node);
    expect(positions.length).toBe(text.length);
    for (let i = 0; i < text.length; i++) {
      const pos = positions[i]!;
      if (pos < 0) continue;
      const char = node.textBetween(pos, pos + 1, '\n', '\n');
      expect(char).toBe(text[i]);
    }
  });
});

describe('locatePassage', () => {
  it('selects the words at the offset inside a list item', () => {
    const node = FIXTURES.headingAndList!;
    const offset = toPlainText(node.toJSON() as DocJSON).indexOf('otter');
    const range = locatePassage(node, { offset, words: 'otter' })!;
    expect(node.textBetween(range.from, range.to)).toBe('otter');
  });

  it('selects words in a heading and after a hard break', () => {
    const heading = locatePassage(FIXTURES.headingAndList!, { offset: 6, words: 'notes' })!;
    expect(FIXTURES.headingAndList!.textBetween(heading.from, heading.to)).toBe('notes');
    const node = FIXTURES.orderedAndBreaks!;
    const offset = toPlainText(node.toJSON() as DocJSON).indexOf('line two');
    const range = locatePassage(node, { offset, words: 'line two' })!;
    expect(node.textBetween(range.from, range.to)).toBe('line two');
  });

  it('counts offsets as the trimmed, collapsed plain text does', () => {
    const node = FIXTURES.emptyBlocksAndSpaces!;
    const text = toPlainText(node.toJSON() as DocJSON);
    const range = locatePassage(node, { offset: text.indexOf('end'), words: 'end' })!;
    expect(node.textBetween(range.from, range.to)).toBe('end');
  });

  it('finds the words nearest the offset when the text moved since indexing', () => {
    const node = FIXTURES.paragraphs!;
    const range = locatePassage(node, { offset: 3, words: 'OTTER' })!;
    expect(node.textBetween(range.from, range.to)).toBe('otter');
  });

  it('selects across marks', () => {
    const node = FIXTURES.marks!;
    const range = locatePassage(node, { offset: 6, words: 'bold otter after' })!;
    expect(node.textBetween(range.from, range.to)).toBe('bold otter after');
  });

  it('puts the caret at the offset when the words are gone, and gives nothing without an offset', () => {
    const node = FIXTURES.paragraphs!;
    const text = toPlainText(node.toJSON() as DocJSON);
    const range = locatePassage(node, { offset: text.indexOf('Third'), words: 'vanished' })!;
    expect(range.from).toBe(range.to);
    expect(node.textBetween(range.from, range.from + 5)).toBe('Third');
    expect(locatePassage(node, { offset: null, words: 'vanished' })).toBeNull();
  });
});
