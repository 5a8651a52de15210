import { describe, expect, it } from 'vitest';
import { mergeHybrid, normaliseTextRanks, type TextCandidate } from './search.hybrid';
import type { PassageMatch } from './search.ports';

const textHit = (fileId: string, rank: number): TextCandidate => ({
  fileId,
  rank,
  passage: { text: `text of ${fileId}`, highlights: [[0, 4]], offset: 3 },
});
const vectorHit = (fileId: string, score: number): PassageMatch => ({ fileId, score, passage: `meaning of ${fileId}`, passageOffset: 10 });

describe('normaliseTextRanks', () => {
  it('divides each rank by the best one, and gives 0 when nothing ranked', () => {
    expect(normaliseTextRanks([{ rank: 0.4 }, { rank: 0.1 }, { rank: 0.2 }]).map((h) => h.score)).toEqual([1, 0.25, 0.5]);
    expect(normaliseTextRanks([{ rank: 0 }]).map((h) => h.score)).toEqual([0]);
    expect(normaliseTextRanks([])).toEqual([]);
  });
});

describe('mergeHybrid', () => {
  it('weights normalised text ranks and similarities, divided by the weights sum', () => {
    const hits = mergeHybrid({
      text: [textHit('both', 0.5), textHit('text-only', 1)],
      vector: [vectorHit('both', 0.9), vectorHit('meaning-only', 0.8)],
      textWeight: 0.3,
      vectorWeight: 0.7,
      limit: 10,
    });
    expect(hits.map((h) => h.fileId)).toEqual(['both', 'meaning-only', 'text-only']);
    expect(hits[0]!.score).toBeCloseTo(0.3 * 0.5 + 0.7 * 0.9);
    expect(hits[1]!.score).toBeCloseTo(0.7 * 0.8);
    expect(hits[2]!.score).toBeCloseTo(0.3);
    expect(hits[0]).toMatchObject({ textScore: 0.5, vectorScore: 0.9 });
  });

  it('keeps scores within 0–1 whatever the weights add up to', () => {
    const hits = mergeHybrid({ text: [textHit('a', 2)], vector: [vectorHit('a', 1)], textWeight: 1, vectorWeight: 1, limit: 10 });
    expect(hits[0]!.score).toBe(1);
    const half = mergeHybrid({ text: [textHit('a', 2)], vector: [], textWeight: 0.5, vectorWeight: 0.5, limit: 10 });
    expect(half[0]!.score).toBe(0.5);
  });

  it('shows the text passage when the text part found the document, else the closest passage by meaning', () => {
    const hits = mergeHybrid({
      text: [textHit('both', 1)],
      vector: [vectorHit('both', 0.9), vectorHit('meaning-only', 0.9)],
      textWeight: 0.5,
      vectorWeight: 0.5,
      limit: 10,
    });
    const byId = Object.fromEntries(hits.map((h) => [h.fileId, h.passage]));
    expect(byId.both).toEqual({ text: 'text of both', highlights: [[0, 4]], offset: 3 });
    expect(byId['meaning-only']).toEqual({ text: 'meaning of meaning-only', highlights: [], offset: 10 });
  });

  it('ranks documents, not passages: a document found twice counts once, with its best similarity', () => {
    const hits = mergeHybrid({
      text: [],
      vector: [vectorHit('a', 0.4), { ...vectorHit('a', 0.9), passage: 'best' }, vectorHit('b', 0.5)],
      textWeight: 0.3,
      vectorWeight: 0.7,
      limit: 10,
    });
    expect(hits.map((h) => h.fileId)).toEqual(['a', 'b']);
    expect(hits[0]!.vectorScore).toBe(0.9);
    expect(hits[0]!.passage.text).toBe('best');
  });

  it('follows the weights: text alone or meaning alone decides', () => {
    const input = { text: [textHit('t', 1)], vector: [vectorHit('v', 0.95)], limit: 10 };
    expect(mergeHybrid({ ...input, textWeight: 1, vectorWeight: 0 }).map((h) => [h.fileId, h.score])).toEqual([
      ['t', 1],
      ['v', 0],
    ]);
    expect(mergeHybrid({ ...input, textWeight: 0, vectorWeight: 1 })[0]!.fileId).toBe('v');
  });

  it('breaks ties by id and stops at the limit', () => {
    const hits = mergeHybrid({
      text: [],
      vector: [vectorHit('c', 0.5), vectorHit('a', 0.5), vectorHit('b', 0.5)],
      textWeight: 0.3,
      vectorWeight: 0.7,
      limit: 2,
    });
    expect(hits.map((h) => h.fileId)).toEqual(['a', 'b']);
    expect(mergeHybrid({ text: [textHit('a', 1)], vector: [], textWeight: 0.3, vectorWeight: 0.7, limit: 0 })).toEqual([]);
  });

  it('clamps similarities outside 0–1', () => {
    const hits = mergeHybrid({ text: [], vector: [vectorHit('a', 1.2), vectorHit('b', -0.3)], textWeight: 0, vectorWeight: 1, limit: 10 });
    expect(hits.map((h) => h.score)).toEqual([1, 0]);
  });

  it('keeps a document found by meaning alone only at the threshold or above; one the words found always stays', () => {
    const hits = mergeHybrid({
      text: [textHit('words', 1)],
      vector: [vectorHit('words', 0.1), vectorHit('close', 0.7), vectorHit('noise', 0.25)],
      textWeight: 0.3,
      vectorWeight: 0.7,
      limit: 10,
      threshold: 0.7,
    });
    expect(hits.map((h) => h.fileId)).toEqual(['close', 'words']);
    // The words' document keeps its (low) similarity in its score.
    expect(hits[1]!.score).toBeCloseTo(0.3 + 0.7 * 0.1);
    expect(mergeHybrid({ text: [], vector: [vectorHit('noise', 0.25)], textWeight: 0.3, vectorWeight: 0.7, limit: 10, threshold: 0.7 })).toEqual([]);
  });
});
