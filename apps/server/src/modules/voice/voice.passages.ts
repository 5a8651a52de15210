import { STOP_WORDS, words } from './voice.stylometrics';

/** A passage must be short: it shows the voice, it is not context. */
export const PASSAGE_MAX_CHARS = 600;
/** Search terms taken from the text at hand: enough to find a topic, few enough to rank well. */
const QUERY_TERMS = 12;

/** The most frequent content words of a text (ties by first appearance), as search terms. */
export function keyTerms(text: string, limit = QUERY_TERMS): string[] {
  const counts = new Map<string, number>();
  for (const w of words(text)) {
    if (w.length < 3 || STOP_WORDS.has(w) || w.includes("'")) continue;
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([w]) => w);
}

/**
 * An OR query for websearch_to_tsquery: plainto_tsquery would AND every word of a long selection
 * and almost never match; the terms are plain letters, so the query cannot inject syntax.
 */
export function searchQuery(text: string): string {
  return keyTerms(text).join(' or ');
}

/** Cuts text to at most `max` characters at a word boundary, marking the cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The paragraph of a sample that shares most terms with the text at hand (the first one on a tie), clipped. */
export function bestPassage(sample: string, terms: string[], max = PASSAGE_MAX_CHARS): string {
  const wanted = new Set(terms);
  const paras = sample
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  let best = paras[0] ?? '';
  let bestScore = -1;
  for (const p of paras) {
    const score = words(p).filter((w) => wanted.has(w)).length;
    if (score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return clip(best, max);
}
