import { readabilityScores, syllables } from '@bree/contracts';
import type { CheckFinding } from '@bree/contracts';
import { makeFinding, shown, wordsFinding, type RuleInput } from './finding';
import type { Sentence } from './text';
import { NOT_ADVERBS } from './wordLists';

/** A paragraph needs this many words (outside quotes) before its adverbs are counted. */
export const ADVERB_MIN_WORDS = 20;
/** More than this share of -ly adverbs, and at least ADVERB_MIN_COUNT of them, is dense. */
export const ADVERB_SHARE = 0.05;
export const ADVERB_MIN_COUNT = 3;
/** A paragraph needs this many words for a grade level that means something. */
export const READABILITY_MIN_WORDS = 30;
/** Grades above this are pointed out. */
export const READABILITY_GRADE_LIMIT = 14;
/** Grades are shown between these (Flesch–Kincaid leaves any range on very short or long sentences). */
export const GRADE_MIN = 1;
export const GRADE_MAX = 18;

/** The paragraph rules (docs/CHECKS.md "Local checks"): adverb density and readability. */
export function paragraphFindings(input: RuleInput): CheckFinding[] {
  const findings: CheckFinding[] = [];
  if (input.enabled.has('adverb-density')) {
    const dense = adverbDensity(input);
    if (dense) findings.push(dense);
  }
  // A list item is a fragment, not a paragraph: its grade would mean nothing.
  if (input.enabled.has('readability') && !input.listItem) {
    const hard = readability(input);
    if (hard) findings.push(hard);
  }
  return findings;
}

/** An -ly word that is an adverb, not 'only', 'family' or 'early'. */
export function isAdverb(word: string): boolean {
  return word.length > 4 && word.endsWith('ly') && !NOT_ADVERBS.has(word);
}

function adverbDensity(input: RuleInput): CheckFinding | null {
  const narration = input.read.tokens.filter((t) => !t.quoted);
  if (narration.length < ADVERB_MIN_WORDS) return null;
  const adverbs = narration.filter((t) => isAdverb(t.lower));
  const share = adverbs.length / narration.length;
  if (adverbs.length < ADVERB_MIN_COUNT || share <= ADVERB_SHARE) return null;
  const percent = Math.round(share * 100);
  return wordsFinding({
    rule: 'adverb-density',
    block: input.block,
    first: adverbs[0]!,
    last: adverbs[adverbs.length - 1]!,
    message: `Many adverbs: ${adverbs.length} in ${narration.length} words (${percent}%)`,
    detail: `${adverbs.map((a) => shown(a.text)).join(', ')}. A stronger verb often does an adverb's work ('crept' for 'walked quietly'); keep the ones that say something the verb cannot.`,
  });
}

/** A Flesch–Kincaid grade for some words, clamped to GRADE_MIN–GRADE_MAX and rounded. */
export function gradeLevel({ words, sentences }: { words: string[]; sentences: number }): number {
  if (words.length === 0 || sentences === 0) return GRADE_MIN;
  const syllableCount = words.reduce((sum, w) => sum + syllables(w), 0);
  const { fleschKincaidGrade } = readabilityScores({ wordsPerSentence: words.length / sentences, syllablesPerWord: syllableCount / words.length });
  return Math.round(Math.min(GRADE_MAX, Math.max(GRADE_MIN, fleschKincaidGrade)));
}

/** A paragraph above the grade limit, marked at its hardest sentence (the one to split first). */
function readability(input: RuleInput): CheckFinding | null {
  const { tokens, sentences } = input.read;
  if (tokens.length < READABILITY_MIN_WORDS) return null;
  const grade = gradeLevel({ words: tokens.map((t) => t.lower), sentences: sentences.length });
  if (grade <= READABILITY_GRADE_LIMIT) return null;
  const hardest = sentences.reduce<{ sentence: Sentence; grade: number } | null>((best, s) => {
    const g = gradeLevel({ words: s.tokens.map((t) => t.lower), sentences: 1 });
    return !best || g > best.grade ? { sentence: s, grade: g } : best;
  }, null)!.sentence;
  const label = grade >= GRADE_MAX ? `${GRADE_MAX}+` : String(grade);
  return makeFinding({
    rule: 'readability',
    block: input.block,
    from: hardest.from,
    to: hardest.to,
    message: `Hard to read: grade ${label}`,
    detail: `This paragraph reads at about school grade ${label} (Flesch–Kincaid), above ${READABILITY_GRADE_LIMIT}. Its hardest sentence is marked: try splitting it, or shorter words where a long one is not needed.`,
  });
}
