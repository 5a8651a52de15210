import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';
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
