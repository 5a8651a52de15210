import { describe, expect, it } from 'vitest';
import { countChanges, diffWords } from './word-diff';
import type { WordChange } from './word-diff';

const side = (changes: WordChange[], skip: WordChange['kind']) =>
  changes
    .filter((c) => c.kind !== skip)
    .map((c) => c.text)
    .join('');

/** Both texts come back exactly from the changes, whatever the diff chose. */
function expectRoundTrip(before: string, after: string): WordChange[] {
  const changes = diffWords(before, after);
  expect(side(changes, 'insert')).toBe(before);
  expect(side(changes, 'delete')).toBe(after);
  return changes;
}

describe('diffWords', () => {
  it('marks a replaced word as a deletion followed by an insertion, whole words only', () => {
    expect(expectRoundTrip('The quick brown fox.', 'The slow brown fox.')).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'delete', text: 'quick' },
      { kind: 'insert', text: 'slow' },
      { kind: 'same', text: ' brown fox.' },
    ]);
  });

  it('treats punctuation as its own change, never as part of the word before it', () => {
    expect(expectRoundTrip('It rained today', 'It rained, today')).toEqual([
      { kind: 'same', text: 'It rained' },
      { kind: 'insert', text: ',' },
      { kind: 'same', text: ' today' },
    ]);
    expect(expectRoundTrip('Done.', 'Done!')).toEqual([
      { kind: 'same', text: 'Done' },
      { kind: 'delete', text: '.' },
      { kind: 'insert', text: '!' },
    ]);
  });

  it('keeps contractions and hyphenated words whole', () => {
    const changes = expectRoundTrip("She didn't see the well-known ferry.", "She couldn't see the little-known ferry.");
    expect(changes.filter((c) => c.kind !== 'same').map((c) => c.text)).toEqual(["didn't", "couldn't", 'well-known', 'little-known']);
  });

  it('sees a change of spacing only as whitespace', () => {
    const changes = expectRoundTrip('one two', 'one  two');
    expect(changes.filter((c) => c.kind !== 'same').every((c) => c.text.trim() === '')).toBe(true);
  });

  it('shows a moved word as removed in one place and added in the other', () => {
    const changes = expectRoundTrip('Slowly the ferry left the harbour.', 'The ferry slowly left the harbour.');
    expect(changes.some((c) => c.kind === 'delete' && c.text.includes('Slowly'))).toBe(true);
    expect(changes.some((c) => c.kind === 'insert' && c.text.includes('slowly'))).toBe(true);
    expect(changes.at(-1)).toEqual({ kind: 'same', text: ' left the harbour.' });
  });

  it('reads a rewrite as whole phrases, not a scatter of shared spaces', () => {
    const changes = expectRoundTrip('The cat sat on the mat today.', 'A dog lay by a door today.');
    expect(countChanges(changes)).toBe(1);
  });

  it('handles empty sides, equal texts and text outside the Basic Multilingual Plane', () => {
    expect(diffWords('', '')).toEqual([]);
    expect(diffWords('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(diffWords('', 'new words')).toEqual([{ kind: 'insert', text: 'new words' }]);
    expect(diffWords('old words', '')).toEqual([{ kind: 'delete', text: 'old words' }]);
    expectRoundTrip('A 🐢 walks home.', 'A 🐇 runs home.');
    expectRoundTrip('Café crème, naïve — “quoted”', 'Café noir, naïve – “quoted”!');
  });

  it('keeps line breaks between paragraphs exact', () => {
    expectRoundTrip('First paragraph here.\n\nSecond one there.', 'First paragraph, here.\n\nSecond one moved there.\n\nThird.');
  });
});

describe('countChanges', () => {
  it('counts each stretch of deletions and insertions between shared text once', () => {
    expect(countChanges(diffWords('a b c d e', 'a x c y e'))).toBe(2);
    expect(countChanges(diffWords('same', 'same'))).toBe(0);
  });
});

describe('diffWords on a chapter', () => {
  it('finds each changed sentence of a long text, word by word, and keeps both texts exact', () => {
    const sentences = Array.from({ length: 400 }, (_, i) => `Sentence ${i} tells of the ferry, the pier and the town at dawn.`);
    const rewritten = sentences.map((s, i) => (i % 3 === 0 ? s.replace('the town', 'a quiet town') : s));
    // A sentence moved: removed in one place, added in another.
    rewritten.splice(200, 0, rewritten.splice(10, 1)[0]!);
    const changes = expectRoundTrip(sentences.join(' '), rewritten.join(' '));
    expect(countChanges(changes)).toBeGreaterThanOrEqual(130);
    // Word by word inside a changed sentence: 'the' gave way to 'a quiet', nothing more.
    expect(changes.filter((c) => c.kind === 'insert').some((c) => c.text === 'a quiet')).toBe(true);
    // The moved sentence is removed where it was and added where it went.
    expect(changes.some((c) => c.kind === 'delete' && c.text.includes('Sentence 10 tells'))).toBe(true);
    expect(changes.some((c) => c.kind === 'insert' && /\b10\b/.test(c.text))).toBe(true);
  });
});
