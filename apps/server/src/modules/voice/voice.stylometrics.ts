import type { VoiceStats } from '@bree/contracts';

/**
 * Stylometrics of the author's samples, computed locally and deterministically: no model,
 * no randomness, figures rounded to two decimals so they compare exactly in tests.
 */

/** MATTR window: long enough to be stable, short enough that short corpora still get windows. */
export const MATTR_WINDOW = 100;
/** A phrase must recur this often to count as a habit rather than chance. */
const PHRASE_MIN_COUNT = 3;
const PHRASE_LIMIT = 10;

const WORD = /[A-Za-z]+(?:['’][A-Za-z]+)*/g;

const FIRST = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves']);
const SECOND = new Set(['you', 'your', 'yours', 'yourself', 'yourselves']);
const THIRD = new Set(['he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it', 'its', 'itself', 'they', 'them', 'their', 'theirs', 'themselves']);

const PAST_IRREGULAR = new Set([
  'was',
  'were',
  'had',
  'did',
  'said',
  'went',
  'came',
  'saw',
  'made',
  'took',
  'knew',
  'thought',
  'told',
  'found',
  'gave',
  'felt',
  'became',
  'left',
  'got',
  'began',
  'wrote',
  'ran',
  'stood',
  'sat',
  'heard',
  'meant',
  'kept',
  'brought',
  'bought',
  'spoke',
]);
const PRESENT = new Set([
  'is',
  'are',
  'am',
  'has',
  'have',
  'do',
  'does',
  'says',
  'goes',
  'comes',
  'sees',
  'makes',
  'takes',
  'knows',
  'thinks',
  'seems',
  'gets',
  'gives',
  'feels',
  'becomes',
  'wants',
  'needs',
  'looks',
  'writes',
  'runs',
  'stands',
  'sits',
  'hears',
  'keeps',
  'means',
]);
/** Words ending in -ed that are not past tense (adjectives and -eed stems). */
const NOT_PAST_ED = new Set([
  'need',
  'seed',
  'feed',
  'speed',
  'indeed',
  'bed',
  'red',
  'shed',
  'wed',
  'bled',
  'hundred',
  'sacred',
  'naked',
  'wicked',
  'kindred',
]);

/** Function words: an n-gram made only of these says nothing about the author. */
export const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'if',
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
  'into',
  'about',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'am',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'there',
  'here',
  'i',
  'me',
  'my',
  'we',
  'us',
  'our',
  'you',
  'your',
  'he',
  'him',
  'his',
  'she',
  'her',
  'they',
  'them',
  'their',
  'not',
  'no',
  'so',
  'do',
  'does',
  'did',
  'have',
  'has',
  'had',
  'will',
  'would',
  'can',
  'could',
  'then',
  'than',
  'what',
  'which',
  'who',
]);

/** Lower-cased word tokens (letters with inner apostrophes; digits are not words). */
export function words(text: string): string[] {
  return (text.match(WORD) ?? []).map((w) => w.toLowerCase().replace(/’/g, "'"));
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

/**
 * Syllables by the common vowel-group heuristic: drop a silent final -e/-es/-ed (but keep "-le"),
 * drop a leading y (a consonant there), then count groups of one or two vowels (y included).
 * Words of three letters or fewer count one. Good to about ±10% on English prose.
 */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  return Math.max(1, trimmed.match(/[aeiouy]{1,2}/g)?.length ?? 0);
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** Nearest-rank percentile of sorted numbers. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

function distribution(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { mean: 0, median: 0, p10: 0, p90: 0, stdev: 0 };
  const mean = sorted.reduce((s, v) => s + v, 0) / n;
  const median = n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  // Population standard deviation: the samples are the whole corpus, not a sample of it.
  const stdev = Math.sqrt(sorted.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  return { mean: round(mean), median: round(median), p10: percentile(sorted, 0.1), p90: percentile(sorted, 0.9), stdev: round(stdev) };
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

function punctuation(text: string, wordCount: number): VoiceStats['punctuationPer1000Words'] {
  // Ellipses first, so their dots are not read as anything else; "--" is a typed dash.
  const rate = (n: number) => (wordCount ? round((n * 1000) / wordCount) : 0);
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

function share(part: number, whole: number): number {
  return whole ? round(part / whole) : 0;
}

function person(tokens: string[]): VoiceStats['person'] {
  let first = 0,
    second = 0,
    third = 0;
  for (const t of tokens) {
    if (FIRST.has(t)) first++;
    else if (SECOND.has(t)) second++;
    else if (THIRD.has(t)) third++;
  }
  const all = first + second + third;
  return { first: share(first, all), second: share(second, all), third: share(third, all) };
}

/** Past: -ed words (longer than three letters, not a known non-verb) and common irregular pasts; present: a fixed list. */
export function isPast(token: string): boolean {
  return PAST_IRREGULAR.has(token) || (token.length > 3 && token.endsWith('ed') && !token.endsWith('eed') && !NOT_PAST_ED.has(token));
}

function tense(tokens: string[]): VoiceStats['tense'] {
  let past = 0,
    present = 0;
  for (const t of tokens) {
    if (isPast(t)) past++;
    else if (PRESENT.has(t)) present++;
  }
  return { past: share(past, past + present), present: share(present, past + present) };
}

/** Word 2- and 3-grams inside sentences that recur at least three times, most frequent first. */
export function recurringPhrases(sentenceTokens: string[][]): VoiceStats['recurringPhrases'] {
  const counts = new Map<string, number>();
  for (const tokens of sentenceTokens) {
    for (const n of [2, 3]) {
      for (let i = 0; i + n <= tokens.length; i++) {
        const gram = tokens.slice(i, i + n);
        if (gram.every((w) => STOP_WORDS.has(w))) continue;
        const key = gram.join(' ');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  return [...counts.entries()]
    .filter(([, c]) => c >= PHRASE_MIN_COUNT)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, PHRASE_LIMIT)
    .map(([phrase, c]) => ({ phrase, count: c }));
}

/** All figures of a corpus: the author's samples joined with blank lines between documents. */
export function computeStylometrics(text: string): VoiceStats {
  const tokens = words(text);
  const sentenceList = sentences(text);
  const sentenceTokens = sentenceList.map(words);
  const paragraphCount = paragraphs(text).length;
  const wordCount = tokens.length;
  const sentenceCount = sentenceList.length;
  const syllableCount = tokens.reduce((s, w) => s + syllables(w), 0);
  const wordsPerSentence = sentenceCount ? wordCount / sentenceCount : 0;
  const syllablesPerWord = wordCount ? syllableCount / wordCount : 0;
  return {
    words: wordCount,
    sentences: sentenceCount,
    paragraphs: paragraphCount,
    sentenceLength: distribution(sentenceTokens.map((s) => s.length)),
    vocabulary: { typeTokenRatio: share(new Set(tokens).size, wordCount), mattr: round(mattr(tokens)), mattrWindow: MATTR_WINDOW },
    punctuationPer1000Words: punctuation(text, wordCount),
    person: person(tokens),
    tense: tense(tokens),
    recurringPhrases: recurringPhrases(sentenceTokens),
    readability: wordCount
      ? {
          fleschReadingEase: round(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord),
          fleschKincaidGrade: round(0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59),
          syllablesPerWord: round(syllablesPerWord),
        }
      : { fleschReadingEase: 0, fleschKincaidGrade: 0, syllablesPerWord: 0 },
    averageParagraphWords: paragraphCount ? round(wordCount / paragraphCount) : 0,
  };
}

/** The figures that matter most for imitation, in a few lines for prompts. */
export function summarizeStats(stats: VoiceStats): string {
  const p = stats.punctuationPer1000Words;
  const phrases = stats.recurringPhrases
    .slice(0, 5)
    .map((r) => `"${r.phrase}"`)
    .join(', ');
  const dominant = (Object.entries(stats.person) as [string, number][]).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'third';
  return [
    `Sentences: mean ${stats.sentenceLength.mean} words (median ${stats.sentenceLength.median}, 10th–90th percentile ${stats.sentenceLength.p10}–${stats.sentenceLength.p90}, stdev ${stats.sentenceLength.stdev}); paragraphs average ${stats.averageParagraphWords} words.`,
    `Vocabulary: MATTR ${stats.vocabulary.mattr}; readability Flesch ${stats.readability.fleschReadingEase} (grade ${stats.readability.fleschKincaidGrade}).`,
    `Per 1,000 words: ${p.commas} commas, ${p.semicolons} semicolons, ${p.colons} colons, ${p.dashes} dashes, ${p.exclamations} exclamations, ${p.questions} questions, ${p.ellipses} ellipses, ${p.parentheses} parentheses, ${p.quotes} quotation marks.`,
    `Mostly ${dominant}-person; tense ${Math.round(stats.tense.past * 100)}% past / ${Math.round(stats.tense.present * 100)}% present.`,
    ...(phrases ? [`Recurring phrases: ${phrases}.`] : []),
  ].join('\n');
}
