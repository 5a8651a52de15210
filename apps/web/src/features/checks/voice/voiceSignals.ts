import { punctuationPer1000Words, syllables } from '@bree/contracts';
import type { PunctuationRates, VoiceStats } from '@bree/contracts';

/**
 * The per-sentence measures of the off-voice check (docs/CHECKS.md "Sentences that read unlike
 * you"). Each measure asks: how likely is it that the author, writing as their profile says they
 * do, would write a sentence at least this unusual in this one respect? Its answer p becomes a
 * surprise, −log10 p (1 = one sentence in 10, 3 = one in 1,000); offVoice.ts adds them up.
 */

/** One measured reason a sentence reads unlike the author. */
export interface VoiceSignal {
  /** −log10 of the chance the author writes a sentence at least this unusual in this respect. */
  surprise: number;
  /** The short reason, after 'Reads unlike you: '. */
  reason: string;
  /** The measurement in plain words and numbers, one sentence. */
  detail: string;
}

/**
 * A sentence's text and words (as stylometrics.words counts them), and the same without the words
 * it quotes (another's marks and pronouns are not the author's habits).
 */
export interface MeasuredSentence {
  text: string;
  tokens: string[];
  ownText: string;
  ownTokens: string[];
}

/** Real prose varies at least this much around its mean length: a small, even sample must not make the check strict. */
const MIN_RELATIVE_STDEV = 0.3;
const MIN_STDEV_WORDS = 2;
/** The standard normal's 90th percentile. */
const P90_Z = 1.2816;
/** The spread of syllables from one word to the next in English prose (a fixed figure: the profile holds only the mean). */
const WORD_SYLLABLE_STDEV = 1;
/** A sentence's words must be this much longer than the author's on average before they count as a reason. */
const MIN_SYLLABLE_EXCESS = 0.3;
/** Half an occurrence is added to what the samples hold (Jeffreys): 'never in 6,000 words' is rare, not impossible. */
const PSEUDO_COUNT = 0.5;
/** The rounding of the profile's pronoun shares: a share of 0 means under half a percent. */
const MIN_PRONOUN_SHARE = 0.005;

const FIRST = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves']);
const SECOND = new Set(['you', 'your', 'yours', 'yourself', 'yourselves']);
const THIRD = new Set(['he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it', 'its', 'itself', 'they', 'them', 'their', 'theirs', 'themselves']);

/** Marks whose use alone can say 'not you'; commas and quotation marks vary too much with content. */
const MARKS: { key: keyof PunctuationRates; one: string; many: string; reason: 'punctuation' | 'exclamation' | 'question' }[] = [
  { key: 'semicolons', one: 'a semicolon', many: 'semicolons', reason: 'punctuation' },
  { key: 'colons', one: 'a colon', many: 'colons', reason: 'punctuation' },
  { key: 'dashes', one: 'a dash', many: 'dashes', reason: 'punctuation' },
  { key: 'ellipses', one: 'an ellipsis', many: 'ellipses', reason: 'punctuation' },
  { key: 'parentheses', one: 'parentheses', many: 'parentheses', reason: 'punctuation' },
  { key: 'exclamations', one: 'an exclamation mark', many: 'exclamation marks', reason: 'exclamation' },
  { key: 'questions', one: 'a question mark', many: 'question marks', reason: 'question' },
];

/** Upper tail of the standard normal, P(Z ≥ z) (erfc by Numerical Recipes' Chebyshev fit, relative error < 1.2e-7). */
export function normalTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** P(X ≥ k) for X ~ Poisson(λ), summed upwards so a tiny λ keeps its precision. */
export function poissonTail(lambda: number, k: number): number {
  if (k <= 0) return 1;
  let term = Math.exp(-lambda);
  for (let i = 1; i <= k; i++) term *= lambda / i;
  let sum = 0;
  for (let i = k; i < k + 60 && term > 1e-300; i++) {
    sum += term;
    term *= lambda / (i + 1);
  }
  return Math.min(1, sum);
}

/** Words recur (a few hundred make most of any text), so their syllables are counted once: 50,000 words stay fast. */
const syllableMemo = new Map<string, number>();
const SYLLABLE_MEMO_MAX = 20_000;

function syllablesOf(word: string): number {
  let n = syllableMemo.get(word);
  if (n === undefined) {
    if (syllableMemo.size >= SYLLABLE_MEMO_MAX) syllableMemo.clear();
    n = syllables(word);
    syllableMemo.set(word, n);
  }
  return n;
}

function surprise(p: number): number {
  return -Math.log10(Math.max(p, 1e-12));
}

/** '6,000' (by hand: toLocaleString builds a number format per call, too slow for thousands of sentences). */
function figure(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Length: only a sentence longer than the author's 90th percentile counts. Lengths are modelled
 * as log-normal (sentence lengths are skewed to the long side) fitted to the profile's figures.
 * Short sentences are never a reason: a short beat is in every writer's range.
 */
export function lengthSignal({ tokens }: MeasuredSentence, profile: VoiceStats): VoiceSignal | null {
  const { mean, median, stdev, p10, p90 } = profile.sentenceLength;
  const n = tokens.length;
  if (mean <= 0 || n <= p90) return null;
  // Log-normal, centred on the median; its spread the wider of two fits: from the mean and standard
  // deviation, and from the upper half (median to 90th percentile, z = 1.2816), the side judged here.
  const spread = Math.max(stdev, MIN_STDEV_WORDS, MIN_RELATIVE_STDEV * mean) / mean;
  const fromSpread = Math.sqrt(Math.log(1 + spread * spread));
  const fromUpperHalf = median > 0 && p90 > median ? (Math.log(p90) - Math.log(median)) / P90_Z : 0;
  const sigma = Math.max(fromSpread, fromUpperHalf);
  const mu = Math.log(median > 0 ? median : mean);
  return {
    surprise: surprise(normalTail((Math.log(n) - mu) / sigma)),
    reason: 'much longer than your sentences',
    detail: `${n} words; your sentences are ${p10}–${p90} words most of the time (${Math.round(mean)} on average).`,
  };
}

/**
 * Punctuation and the tone marks ! and ?: each mark the sentence uses, against how often the
 * author uses it (Poisson, at the profile's rate per word plus half an occurrence).
 */
export function punctuationSignals({ ownText, ownTokens }: MeasuredSentence, profile: VoiceStats): VoiceSignal[] {
  // With 1,000 as the word count, the rates per 1,000 words are the counts themselves.
  const counts = punctuationPer1000Words(ownText, 1000);
  const signals: VoiceSignal[] = [];
  for (const mark of MARKS) {
    const used = counts[mark.key];
    if (used === 0) continue;
    const rate = profile.punctuationPer1000Words[mark.key];
    const inSamples = (rate * profile.words) / 1000;
    const lambda = ((inSamples + PSEUDO_COUNT) / (profile.words + 1)) * ownTokens.length;
    const never = Math.round(inSamples) === 0;
    const how = never ? `which you never do in your samples (${figure(profile.words)} words)` : `which you do about once in ${figure(1000 / rate)} words`;
    const what = mark.key === 'questions' && used === 1 ? 'Asks a question' : `Uses ${used === 1 ? mark.one : `${used} ${mark.many}`}`;
    const often = never ? 'never' : 'rarely';
    const reason =
      mark.reason === 'exclamation'
        ? `an exclamation, which you ${often} use`
        : mark.reason === 'question'
          ? `a question, which you ${often} ask`
          : `punctuation you ${often} use`;
    // Whether the mark is used at all, not how often: marks cluster (a list of colons, a pair of
    // dashes), so a second one in the same sentence is no new evidence.
    signals.push({ surprise: surprise(poissonTail(lambda, 1)), reason, detail: `${what}, ${how}.` });
  }
  return signals;
}

/**
 * Vocabulary: the profile holds the author's syllables per word (not their word list), so long,
 * formal words are what can be measured: the sentence's mean against the author's, with the
 * spread of a mean of n words (normal approximation).
 */
export function vocabularySignal({ tokens }: MeasuredSentence, profile: VoiceStats): VoiceSignal | null {
  const usual = profile.readability.syllablesPerWord;
  if (usual <= 0 || tokens.length === 0) return null;
  let total = 0;
  for (const w of tokens) total += syllablesOf(w);
  const mean = total / tokens.length;
  if (mean - usual < MIN_SYLLABLE_EXCESS) return null;
  const z = ((mean - usual) * Math.sqrt(tokens.length)) / WORD_SYLLABLE_STDEV;
  const longest = [...new Set(tokens)]
    .map((w) => ({ w, c: syllablesOf(w) }))
    .filter(({ c }) => c >= 3)
    .sort((a, b) => b.c - a.c || b.w.length - a.w.length)
    .slice(0, 3)
    .map(({ w }) => `“${w}”`);
  const examples = longest.length ? ` (${longest.join(', ')})` : '';
  return {
    surprise: surprise(normalTail(z)),
    reason: 'longer, more formal words than yours',
    detail: `Long words: ${mean.toFixed(1)} syllables a word${examples}; yours average ${usual.toFixed(1)}.`,
  };
}

/** A person the sentence speaks in (first or second) against its share of the author's pronouns (binomial). */
function personSignal({
  tokens,
  set,
  share,
  reason,
  detail,
}: {
  tokens: string[];
  set: Set<string>;
  share: number;
  reason: string;
  detail: string;
}): VoiceSignal | null {
  const used = tokens.filter((t) => set.has(t)).length;
  if (used === 0) return null;
  const pronouns = tokens.filter((t) => FIRST.has(t) || SECOND.has(t) || THIRD.has(t)).length;
  const q = Math.max(share, MIN_PRONOUN_SHARE);
  // P(at least `used` of `pronouns` draws), summed from the exact binomial terms.
  let p = 0;
  for (let k = used; k <= pronouns; k++) p += binomial(pronouns, k) * q ** k * (1 - q) ** (pronouns - k);
  const how = share === 0 ? 'which your samples never do' : `which only ${Math.round(share * 100)}% of the pronouns in your samples do`;
  return { surprise: surprise(p), reason, detail: `${detail}, ${how}.` };
}

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/** Tone: speaking to the reader as 'you', or as 'I'/'we', when the author's samples (almost) never do. */
export function personSignals({ ownTokens: tokens }: MeasuredSentence, profile: VoiceStats): VoiceSignal[] {
  const second = personSignal({
    tokens,
    set: SECOND,
    share: profile.person.second,
    reason: 'speaks to the reader as “you”',
    detail: 'Speaks to the reader as “you”',
  });
  const first = personSignal({ tokens, set: FIRST, share: profile.person.first, reason: 'speaks as “I” or “we”', detail: 'Speaks as “I” or “we”' });
  return [second, first].filter((s): s is VoiceSignal => s !== null);
}
