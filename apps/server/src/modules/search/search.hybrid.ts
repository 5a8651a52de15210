import type { SearchPassage } from '@bree/contracts';
import type { PassageMatch } from './search.ports';

/** A document the text part found: its raw ts_rank_cd and its highlighted passage. */
export interface TextCandidate {
  fileId: string;
  rank: number;
  passage: SearchPassage;
}

/** A document of the hybrid answer with its parts' normalised scores (0 when that part did not find it). */
export interface HybridHit {
  fileId: string;
  score: number;
  textScore: number;
  vectorScore: number;
  passage: SearchPassage;
}

/** Text ranks as 0–1: each divided by the best rank of the answer (ts_rank_cd has no upper bound). */
export function normaliseTextRanks<T extends { rank: number }>(hits: T[]): Array<T & { score: number }> {
  const best = hits.reduce((max, hit) => Math.max(max, hit.rank), 0);
  return hits.map((hit) => ({ ...hit, score: best > 0 ? hit.rank / best : 0 }));
}

/**
 * Merges text and meaning results into one ranking of documents (docs/SEARCH.md "Hybrid"): text
 * ranks normalised by the best one, similarity kept as it is (already 0–1), weighted and divided by
 * the weights' sum so the score stays 0–1. A document shows its text passage when the text part
 * found it (it has highlights), else its closest passage by meaning. Ties go to the smaller id.
 * A document found by meaning alone needs a similarity of at least `threshold` (0: no floor): below
 * it the passage is noise, not a close match (docs/SEARCH.md "Hybrid").
 */
export function mergeHybrid(input: {
  text: TextCandidate[];
  vector: PassageMatch[];
  textWeight: number;
  vectorWeight: number;
  limit: number;
  threshold?: number;
}): HybridHit[] {
  const threshold = input.threshold ?? 0;
  const weights = input.textWeight + input.vectorWeight;
  const byFile = new Map<string, { textScore: number; vectorScore: number; passage: SearchPassage | null; vectorPassage: SearchPassage | null }>();
  const entry = (fileId: string) => {
    let found = byFile.get(fileId);
    if (!found) {
      found = { textScore: 0, vectorScore: 0, passage: null, vectorPassage: null };
      byFile.set(fileId, found);
    }
    return found;
  };
  for (const hit of normaliseTextRanks(input.text)) {
    const found = entry(hit.fileId);
    found.textScore = Math.max(found.textScore, hit.score);
    found.passage ??= hit.passage;
  }
  for (const match of input.vector) {
    const found = entry(match.fileId);
    const similarity = Math.min(1, Math.max(0, match.score));
    if (similarity >= found.vectorScore) {
      found.vectorScore = similarity;
      found.vectorPassage = { text: match.passage, highlights: [], offset: match.passageOffset };
    }
  }
  const hits: HybridHit[] = [];
  for (const [fileId, found] of byFile) {
    const passage = found.passage ?? found.vectorPassage;
    if (!passage || weights <= 0) continue;
    if (!found.passage && found.vectorScore < threshold) continue;
    const score = (input.textWeight * found.textScore + input.vectorWeight * found.vectorScore) / weights;
    hits.push({ fileId, score, textScore: found.textScore, vectorScore: found.vectorScore, passage });
  }
  hits.sort((a, b) => b.score - a.score || (a.fileId < b.fileId ? -1 : a.fileId > b.fileId ? 1 : 0));
  return hits.slice(0, Math.max(0, input.limit));
}
