import { describe, expect, it } from 'vitest';
import { PASSAGE_MAX_WORDS, PASSAGE_MIN_WORDS, PASSAGE_OVERLAP_WORDS, splitPassages } from './semantic.passages';

/** `count` distinct words (w1 w2 …), so a word's number tells where it came from. */
const wordsFrom = (from: number, count: number): string => Array.from({ length: count }, (_, i) => `w${from + i}`).join(' ');
const wordCount = (text: string): number => (text.match(/\S+/g) ?? []).length;

describe('splitting a document into passages', () => {
  it('gives nothing for empty or blank text, and one passage for a short note', () => {
    expect(splitPassages('')).toEqual([]);
    expect(splitPassages(' \n\n  \n')).toEqual([]);
    expect(splitPassages('\n\nA short note.\n')).toEqual([{ offset: 2, text: 'A short note.' }]);
  });

  it('merges short paragraphs into one passage, keeping the text between them', () => {
    const source = 'First paragraph here.\n\nSecond one.\nThird line.';
    expect(splitPassages(source)).toEqual([{ offset: 0, text: source }]);
  });

  it('ends a passage at a paragraph border once it has enough words', () => {
    const paragraphs = [wordsFrom(0, 150), wordsFrom(150, 120), wordsFrom(270, 150), wordsFrom(420, 100)];
    const source = paragraphs.join('\n\n');
    const passages = splitPassages(source);
    // 150 + 120 = 270 ≥ the minimum, so the third paragraph opens the next passage.
    expect(passages[0]!.text).toBe(`${paragraphs[0]}\n\n${paragraphs[1]}`);
    expect(passages.at(-1)!.text.endsWith('w519')).toBe(true);
    for (const p of passages) {
      expect(source.slice(p.offset, p.offset + p.text.length)).toBe(p.text);
      expect(wordCount(p.text)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
    }
  });

  it('cuts a long paragraph at sentence ends, with an overlap of whole sentences, and keeps every offset exact', () => {
    // 60 sentences of 20 words: 1,200 words in one paragraph, after a title line.
    const sentences = Array.from({ length: 60 }, (_, i) => `${wordsFrom(i * 20, 19)} end${i}.`);
    const source = `Title\n\n${sentences.join(' ')}`;
    const passages = splitPassages(source);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const [i, p] of passages.entries()) {
      expect(source.slice(p.offset, p.offset + p.text.length)).toBe(p.text);
      expect(wordCount(p.text)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
      if (i < passages.length - 1) expect(wordCount(p.text)).toBeGreaterThanOrEqual(PASSAGE_MIN_WORDS);
      // Cut at a sentence end, never inside one.
      expect(p.text).toMatch(/(^Title[\s\S]*|end\d+\.)$/);
      if (i === 0) continue;
      const previous = passages[i - 1]!;
      const overlap = previous.offset + previous.text.length - p.offset;
      expect(overlap).toBeGreaterThan(0);
      expect(wordCount(source.slice(p.offset, previous.offset + previous.text.length))).toBeLessThanOrEqual(PASSAGE_OVERLAP_WORDS);
    }
    // Every sentence is in some passage.
    for (let i = 0; i < 60; i += 1) expect(passages.some((p) => p.text.includes(`end${i}.`))).toBe(true);
  });

  it('cuts a run-on sentence longer than a passage at word ends', () => {
    const source = wordsFrom(0, 1000);
    const passages = splitPassages(source);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    for (const p of passages) {
      expect(source.slice(p.offset, p.offset + p.text.length)).toBe(p.text);
      expect(wordCount(p.text)).toBeLessThanOrEqual(PASSAGE_MAX_WORDS);
      expect(p.text).toMatch(/^w\d+(?: w\d+)*$/);
    }
    expect(passages.at(-1)!.text.endsWith('w999')).toBe(true);
  });
});
