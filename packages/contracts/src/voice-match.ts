import { distribution, functionWordsPer1000Words, mattr, punctuationPer1000Words, sentences, words } from './stylometrics';
import type { PunctuationRates } from './stylometrics';
import type { VoiceStats } from './voice';

/**
 * The voice match score (docs/VOICE-MATCH.md): how close a text is to the author's analysed voice,
 * 0–100, from the same text measures the profile was computed with. Pure and deterministic: no
 * model call, so it costs nothing and is the same in every browser.
 */

/** Below this many words a text's rates are mostly chance: no score is given. */
export const VOICE_MATCH_MIN_WORDS = 8;

/** How much each part counts; parts the profile cannot answer are left out and the rest re-weighted. */
export const VOICE_MATCH_WEIGHTS = { sentenceLength: 0.35, vocabulary: 0.15, punctuation: 0.2, functionWords: 0.3 } as const;

/** A MATTR this far from the profile's (or further) scores 0 on vocabulary. */
const VOCABULARY_SPAN = 0.3;
/** The smallest spread used to judge sentence lengths, so a very even profile is not too strict. */
const MIN_SENTENCE_STDEV = 2;

/** The four similarities, each 0–1; functionWords is null for a profile analysed without them. */
export interface VoiceMatchParts {
  sentenceLength: number;
  vocabulary: number;
  punctuation: number;
  functionWords: number | null;
}

/** Closeness of the mean sentence length (in the profile's standard deviations) and share of sentences within its 10th–90th percentiles. */
function sentenceLengthSimilarity(lengths: number[], profile: VoiceStats['sentenceLength']): number {
  const { mean } = distribution(lengths);
  const distance = Math.abs(mean - profile.mean) / Math.max(profile.stdev, MIN_SENTENCE_STDEV);
  const within = lengths.filter((n) => n >= profile.p10 && n <= profile.p90).length / lengths.length;
  return (Math.exp(-distance) + within) / 2;
}

/** Bray–Curtis similarity of the punctuation rates: 1 − Σ|a−b| / Σ(a+b); 1 when neither uses any. */
function punctuationSimilarity(a: PunctuationRates, b: PunctuationRates): number {
  const keys = Object.keys(a) as (keyof PunctuationRates)[];
  const total = keys.reduce((s, k) => s + a[k] + b[k], 0);
  if (total === 0) return 1;
  return 1 - keys.reduce((s, k) => s + Math.abs(a[k] - b[k]), 0) / total;
}

/** Cosine similarity of two rate vectors over the profile's words; 0 when either is all zeros. */
function cosine(a: Record<string, number>, b: Record<string, number>): number {
  let dot = 0,
    normA = 0,
    normB = 0;
  for (const key of Object.keys(b)) {
    const x = a[key] ?? 0;
    const y = b[key] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Each part's similarity of `text` to the profile; null when the text is too short or the profile empty. */
export function voiceMatchParts(text: string, profile: VoiceStats): VoiceMatchParts | null {
  const tokens = words(text);
  if (tokens.length < VOICE_MATCH_MIN_WORDS || profile.words === 0 || profile.sentences === 0) return null;
  const lengths = sentences(text).map((s) => words(s).length);
  const profileWords = profile.functionWordsPer1000Words;
  return {
    sentenceLength: sentenceLengthSimilarity(lengths, profile.sentenceLength),
    vocabulary: Math.max(0, 1 - Math.abs(mattr(tokens) - profile.vocabulary.mattr) / VOCABULARY_SPAN),
    punctuation: punctuationSimilarity(punctuationPer1000Words(text, tokens.length), profile.punctuationPer1000Words),
    functionWords: profileWords && Object.keys(profileWords).length > 0 ? cosine(functionWordsPer1000Words(tokens), profileWords) : null,
  };
}

/**
 * How close `text` is to the author's voice, 0–100: the weighted mean of the parts' similarities,
 * rounded. Null when the text has fewer than VOICE_MATCH_MIN_WORDS words or the profile is empty.
 */
export function voiceMatchScore(text: string, profile: VoiceStats): number | null {
  const parts = voiceMatchParts(text, profile);
  if (!parts) return null;
  let weighted = 0,
    weights = 0;
  for (const key of Object.keys(VOICE_MATCH_WEIGHTS) as (keyof VoiceMatchParts)[]) {
    const value = parts[key];
    if (value === null) continue;
    weighted += VOICE_MATCH_WEIGHTS[key] * value;
    weights += VOICE_MATCH_WEIGHTS[key];
  }
  return Math.min(100, Math.max(0, Math.round((100 * weighted) / weights)));
}
