/**
 * The pure text measures behind the Author's Voice: the server computes the profile's figures
 * with them (apps/server/src/modules/voice/voice.stylometrics.ts) and the browser scores a
 * suggestion against that profile with the same ones (voice-match.ts, docs/VOICE-MATCH.md), so a
 * figure means the same thing on both sides.
 */

/** MATTR window: long enough to be stable, short enough that short corpora still get windows. */
export const MATTR_WINDOW = 100;

const WORD = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;

/**
 * The function words whose rates make the function-word profile: frequent, topic-free words whose
 * mix is among the steadiest marks of an author (the classic authorship-attribution signal).
 */
export const FUNCTION_WORDS = [
  'the',
  'a',
  'an',
  'and',
  'but',
  'or',
  'so',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'for',
  'with',
  'from',
  'as',
  'that',
  'which',
  'who',
  'this',
  'it',
  'is',
  'was',
  'be',
  'not',
  'i',
  'we',
  'you',
  'he',
  'she',
  'they',
  'my',
  'if',
  'then',
  'than',
  'there',
  'all',
  'just',
  'very',
  'would',
  'could',
] as const;

/** Rounded to two decimals, so stored figures compare exactly in tests. */
export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The top of the Flesch reading-ease scale: 0 is hardest, 100 easiest (docs/VOICE-MATCH.md "Readability"). */
export const READING_EASE_MAX = 100;

/**
 * A Flesch reading ease on its 0–100 scale. The formula itself leaves it — above 100 for very
 * short, one-syllable sentences ('Hi.' gives 121), below 0 for very long ones — so every figure
 * shown or stored is clamped; a missing figure (NaN) counts as 0.
 */
export function clampReadingEase(ease: number): number {
  if (Number.isNaN(ease)) return 0;
  return Math.min(READING_EASE_MAX, Math.max(0, ease));
}

/**
 * Flesch reading ease (0–100) and Flesch–Kincaid grade (at least 0) of a text's averages,
 * rounded to two decimals. Both are 0 when there are no words to measure.
 */
export function readabilityScores({ wordsPerSentence, syllablesPerWord }: { wordsPerSentence: number; syllablesPerWord: number }): {
  fleschReadingEase: number;
  fleschKincaidGrade: number;
} {
  if (!wordsPerSentence || !syllablesPerWord) return { fleschReadingEase: 0, fleschKincaidGrade: 0 };
  return {
    fleschReadingEase: round2(clampReadingEase(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord)),
    fleschKincaidGrade: round2(Math.max(0, 0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59)),
  };
}

/** Lower-cased word tokens (letters with inner apostrophes; digits are not words). */
export function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.toLowerCase().replace(/’/g, "'"));
}

/**
 * Syllables by the common vowel-group heuristic: drop a silent final -e/-es/-ed (but keep "-le"),
 * drop a leading y (a consonant there), then count groups of one or two vowels (y included).
 * Words of three letters or fewer count one. Good to about ±10% on English prose. Shared: the profile's syllables per word (server) and the
 * off-voice check's per-sentence figure (browser, docs/CHECKS.md) must count alike.
 */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  return Math.max(1, trimmed.match(/[aeiouy]{1,2}/g)?.length ?? 0);
}

/** Paragraphs are non-blank lines: plain text of the editor has one block per line. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter((p) => words(p).length > 0);
}

/** Sentences end at . ! ? or … followed by space (or the paragraph's end); ellipses "..." count as one end. */
export function sentences(text: string): string[] {
  return paragraphs(text)
    .flatMap((p) => p.split(/(?<=[.!?…]["”’)]?)\s+/))
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

/** Nearest-rank percentile of sorted numbers. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Mean, median, 10th and 90th percentiles and population standard deviation of some values. */
export function distribution(values: number[]): { mean: number; median: number; p10: number; p90: number; stdev: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { mean: 0, median: 0, p10: 0, p90: 0, stdev: 0 };
  const mean = sorted.reduce((s, v) => s + v, 0) / n;
  const median = n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  // Population standard deviation: the samples are the whole corpus, not a sample of it.
  const stdev = Math.sqrt(sorted.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  return { mean: round2(mean), median: round2(median), p10: percentile(sorted, 0.1), p90: percentile(sorted, 0.9), stdev: round2(stdev) };
}

/** Moving-average type-token ratio: the mean TTR of every window of `size` tokens (plain TTR when shorter). */
export function mattr(tokens: string[], size = MATTR_WINDOW): number {
  if (tokens.length === 0) return 0;
  if (tokens.length <= size) return new Set(tokens).size / tokens.length;
  const counts = new Map<string, number>();
  for (const t of tokens.slice(0, size)) counts.set(t, (counts.get(t) ?? 0) + 1);
  let total = counts.size;
  for (let i = size; i < tokens.length; i++) {
    const out = tokens[i - size]!;
    const left = counts.get(out)! - 1;
    if (left === 0) counts.delete(out);
    else counts.set(out, left);
    counts.set(tokens[i]!, (counts.get(tokens[i]!) ?? 0) + 1);
    total += counts.size;
  }
  return total / size / (tokens.length - size + 1);
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** The punctuation marks counted, per 1,000 words. */
export interface PunctuationRates {
  commas: number;
  semicolons: number;
  colons: number;
  dashes: number;
  exclamations: number;
  questions: number;
  ellipses: number;
  parentheses: number;
  quotes: number;
}

/** Each punctuation habit per 1,000 word tokens of `text`. */
export function punctuationPer1000Words(text: string, wordCount: number): PunctuationRates {
  // Ellipses first, so their dots are not read as anything else; "--" is a typed dash.
  const rate = (n: number) => (wordCount ? round2((n * 1000) / wordCount) : 0);
  return {
    commas: rate(count(text, /,/g)),
    semicolons: rate(count(text, /;/g)),
    colons: rate(count(text, /:/g)),
    dashes: rate(count(text, /—|–|--/g)),
    exclamations: rate(count(text, /!/g)),
    questions: rate(count(text, /\?/g)),
    ellipses: rate(count(text, /…|\.\.\./g)),
    // Pairs are what an author writes; an opening parenthesis counts one pair.
    parentheses: rate(count(text, /\(/g)),
    // Every double quotation mark (straight or curly); a quoted passage counts two.
    quotes: rate(count(text, /["“”]/g)),
  };
}

/** Each of FUNCTION_WORDS per 1,000 word tokens (every one present, zero when unused). */
export function functionWordsPer1000Words(tokens: string[]): Record<string, number> {
  const counts = new Map<string, number>(FUNCTION_WORDS.map((w) => [w, 0]));
  for (const t of tokens) {
    const seen = counts.get(t);
    if (seen !== undefined) counts.set(t, seen + 1);
  }
  const rate = (n: number) => (tokens.length ? round2((n * 1000) / tokens.length) : 0);
  return Object.fromEntries(FUNCTION_WORDS.map((w) => [w, rate(counts.get(w)!)]));
}
