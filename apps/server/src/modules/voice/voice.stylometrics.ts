import {
  MATTR_WINDOW,
  clampReadingEase,
  distribution,
  functionWordsPer1000Words,
  mattr,
  paragraphs,
  punctuationPer1000Words,
  readabilityScores,
  round2 as round,
  sentences,
  syllables,
  words,
} from '@bree/contracts';
import type { VoiceStats } from '@bree/contracts';

/**
 * Stylometrics of the author's samples, computed locally and deterministically: no model,
 * no randomness, figures rounded to two decimals so they compare exactly in tests. The text
 * measures themselves live in the contracts (`stylometrics.ts`), shared with the browser's voice
 * match score (docs/VOICE-MATCH.md).
 */

export { MATTR_WINDOW, mattr, paragraphs, sentences, syllables, words };

/** A phrase must recur this often to count as a habit rather than chance. */
const PHRASE_MIN_COUNT = 3;
const PHRASE_LIMIT = 10;

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
    punctuationPer1000Words: punctuationPer1000Words(text, wordCount),
    functionWordsPer1000Words: functionWordsPer1000Words(tokens),
    person: person(tokens),
    tense: tense(tokens),
    recurringPhrases: recurringPhrases(sentenceTokens),
    // On their scales (ease 0–100, grade at least 0), and all 0 without words (docs/VOICE-MATCH.md "Readability").
    readability: { ...readabilityScores({ wordsPerSentence, syllablesPerWord }), syllablesPerWord: round(syllablesPerWord) },
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
    `Vocabulary: MATTR ${stats.vocabulary.mattr}; readability Flesch ${clampReadingEase(stats.readability.fleschReadingEase)} of 100 (grade ${Math.max(0, stats.readability.fleschKincaidGrade)}).`,
    `Per 1,000 words: ${p.commas} commas, ${p.semicolons} semicolons, ${p.colons} colons, ${p.dashes} dashes, ${p.exclamations} exclamations, ${p.questions} questions, ${p.ellipses} ellipses, ${p.parentheses} parentheses, ${p.quotes} quotation marks.`,
    `Mostly ${dominant}-person; tense ${Math.round(stats.tense.past * 100)}% past / ${Math.round(stats.tense.present * 100)}% present.`,
    ...(phrases ? [`Recurring phrases: ${phrases}.`] : []),
  ].join('\n');
}
