import { describe, expect, it } from 'vitest';
import { centreOnFirstMatch, highlightSegments, SNIPPET_LEAD_CHARS } from './highlight';
import { createLatestRequestGate } from './latestRequest';
import { passageTargetFrom, searchNavigationState } from './passageTarget';

describe('highlightSegments', () => {
  it('marks the ranges and keeps the text between them', () => {
    expect(
      highlightSegments('the river otter swims', [
        [4, 9],
        [10, 15],
      ]),
    ).toEqual([
      { text: 'the ', marked: false },
      { text: 'river', marked: true },
      { text: ' ', marked: false },
      { text: 'otter', marked: true },
      { text: ' swims', marked: false },
    ]);
  });

  it('merges overlapping and unordered ranges and clamps ranges past the end', () => {
    const segments = highlightSegments('abcdefgh', [
      [5, 20],
      [1, 3],
      [2, 4],
      [6, 7],
    ]);
    expect(segments).toEqual([
      { text: 'a', marked: false },
      { text: 'bcd', marked: true },
      { text: 'e', marked: false },
      { text: 'fgh', marked: true },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe('abcdefgh');
  });

  it('gives the plain text when nothing matched, ignoring empty ranges', () => {
    expect(highlightSegments('<b>not html</b>', [[3, 3]])).toEqual([{ text: '<b>not html</b>', marked: false }]);
  });
});

describe('createLatestRequestGate', () => {
  it('aborts the previous request and lets only the newest answer count', () => {
    const gate = createLatestRequestGate();
    const first = gate.begin();
    const second = gate.begin();
    expect(first.signal.aborted).toBe(true);
    expect(first.isCurrent()).toBe(false);
    expect(second.isCurrent()).toBe(true);
    gate.cancel();
    expect(second.signal.aborted).toBe(true);
    expect(second.isCurrent()).toBe(false);
  });
});

describe('search navigation state', () => {
  const passage = {
    text: 'a quiet river otter',
    highlights: [
      [14, 19],
      [8, 13],
    ] as [number, number][],
    offset: 100,
  };

  it('points at the first highlighted words of the passage', () => {
    const state = searchNavigationState(passage);
    expect(state).toEqual({ searchPassage: { offset: 108, words: 'river' } });
    expect(passageTargetFrom(state)).toEqual({ offset: 108, words: 'river' });
  });

  it('keeps an unplaced passage unplaced and refuses foreign state', () => {
    expect(searchNavigationState({ ...passage, offset: null }).searchPassage.offset).toBeNull();
    expect(passageTargetFrom({ newDocument: true })).toBeNull();
    expect(passageTargetFrom({ searchPassage: { offset: -1, words: 'x' } })).toBeNull();
  });
});

describe('centreOnFirstMatch', () => {
  const long = 'Line 1 of the harbour log, nothing of note. Line 2 of the log. At last the lighthouse keeper counted the gulls.';
  const at = long.indexOf('lighthouse');

  it('starts the snippet a few words before a match that would be cut off, with an ellipsis, and moves the ranges with it', () => {
    const snippet = centreOnFirstMatch(long, [[at, at + 'lighthouse'.length]]);
    expect(snippet.text.startsWith('…')).toBe(true);
    const [start, end] = snippet.highlights[0]!;
    expect(snippet.text.slice(start, end)).toBe('lighthouse');
    // Close to the start, so two lines on a phone show it; cut at a word, never inside one.
    expect(start).toBeLessThanOrEqual(SNIPPET_LEAD_CHARS + 2);
    expect(snippet.text).toMatch(/^…\S/);
    expect(long.endsWith(snippet.text.slice(1))).toBe(true);
    expect(long[long.length - snippet.text.length]).toBe(' ');
  });

  it('leaves a passage whose first match is already near its start as it is', () => {
    const ranges: [number, number][] = [[5, 9]];
    expect(centreOnFirstMatch(long, ranges)).toEqual({ text: long, highlights: ranges });
    expect(centreOnFirstMatch(long, [])).toEqual({ text: long, highlights: [] });
  });

  it('centres on the earliest range even when the ranges come out of order', () => {
    const later = long.indexOf('gulls');
    const snippet = centreOnFirstMatch(long, [
      [later, later + 5],
      [at, at + 10],
    ]);
    expect(snippet.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['gulls', 'lighthouse']);
  });
});
