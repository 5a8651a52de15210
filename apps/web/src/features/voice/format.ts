import { clampReadingEase, READING_EASE_MAX, type VoiceStats } from '@bree/contracts';

/** One key figure of the voice profile, in plain language. */
export interface VoiceFigure {
  label: string;
  value: string;
}

const PUNCTUATION_NAMES: Record<keyof VoiceStats['punctuationPer1000Words'], string> = {
  commas: 'commas',
  semicolons: 'semicolons',
  colons: 'colons',
  dashes: 'dashes',
  exclamations: 'exclamation marks',
  questions: 'question marks',
  ellipses: 'ellipses',
  parentheses: 'parentheses',
  quotes: 'quotation marks',
};

const PERSON_NAMES: Record<keyof VoiceStats['person'], string> = { first: 'First person', second: 'Second person', third: 'Third person' };

const percent = (share: number): string => `${Math.round(share * 100)}%`;

const oneDecimal = (n: number): string => (Math.round(n * 10) / 10).toLocaleString('en-US');

/** '1,234 words', '1 word'. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;
}

/** Average sentence length, with the usual spread. */
export function sentenceLengthText(s: VoiceStats['sentenceLength']): string {
  const mean = Math.round(s.mean);
  const main = `${countOf(mean, 'word')} per sentence on average`;
  const low = Math.round(s.p10);
  const high = Math.round(s.p90);
  return low < high ? `${main} (most between ${low} and ${high})` : main;
}

/** Vocabulary richness from the moving-average type-token ratio. */
export function vocabularyText(v: VoiceStats['vocabulary']): string {
  const word = v.mattr >= 0.75 ? 'Rich' : v.mattr >= 0.6 ? 'Varied' : 'Focused';
  return `${word}: ${percent(v.mattr)} distinct words in any ${v.mattrWindow}-word stretch`;
}

/** A Flesch reading-ease score as a band of difficulty. */
export function easeBand(ease: number): string {
  if (ease >= 90) return 'very easy';
  if (ease >= 70) return 'easy';
  if (ease >= 60) return 'plain English';
  if (ease >= 50) return 'fairly difficult';
  if (ease >= 30) return 'difficult';
  return 'very difficult';
}

/**
 * Readability as a school grade and a difficulty band, the reading ease on its stated 0–100 scale
 * (clamped here too: a profile analysed before the server clamped it may hold 111).
 */
export function readabilityText({ readability, words }: { readability: VoiceStats['readability']; words: number }): string {
  if (words === 0) return 'Not enough text to measure yet';
  const grade = Math.max(0, Math.round(readability.fleschKincaidGrade));
  const ease = Math.round(clampReadingEase(readability.fleschReadingEase));
  return `Grade ${grade} (${easeBand(ease)}, reading ease ${ease} of ${READING_EASE_MAX})`;
}

/** The two most used marks beyond full stops, per 1,000 words. */
export function punctuationText(p: VoiceStats['punctuationPer1000Words']): string {
  const top = (Object.entries(p) as [keyof typeof p, number][])
    .filter(([, rate]) => rate > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([mark, rate]) => `${PUNCTUATION_NAMES[mark]} (${oneDecimal(rate)} per 1,000 words)`);
  return top.length ? top.join(', ') : 'Hardly any beyond full stops';
}

/** The dominant grammatical person and the past/present balance. */
export function personTenseText(person: VoiceStats['person'], tense: VoiceStats['tense']): string {
  const entries = Object.entries(person) as [keyof typeof person, number][];
  const [dominant, share] = entries.sort((a, b) => b[1] - a[1])[0] ?? ['third', 0];
  const who = share > 0 ? `${PERSON_NAMES[dominant]} (${percent(share)} of pronouns)` : 'No clear person';
  const total = tense.past + tense.present;
  const when =
    total === 0
      ? 'no clear tense'
      : tense.past >= tense.present
        ? `mostly past tense (${percent(tense.past / total)})`
        : `mostly present tense (${percent(tense.present / total)})`;
  return `${who}, ${when}`;
}

/** Up to five recurring phrases, most frequent first. */
export function phrasesText(phrases: VoiceStats['recurringPhrases']): string {
  if (!phrases.length) return 'None stand out yet';
  return [...phrases]
    .sort((a, b) => b.count - a.count)
    .slice(0, 5)
    .map((p) => `“${p.phrase}” ×${p.count}`)
    .join(', ');
}

/** The key figures of a voice, in the order the panel shows them. */
export function describeVoiceStats(stats: VoiceStats): VoiceFigure[] {
  return [
    { label: 'Average sentence length', value: sentenceLengthText(stats.sentenceLength) },
    { label: 'Vocabulary richness', value: vocabularyText(stats.vocabulary) },
    { label: 'Readability', value: readabilityText({ readability: stats.readability, words: stats.words }) },
    { label: 'Favourite punctuation', value: punctuationText(stats.punctuationPer1000Words) },
    { label: 'Person and tense', value: personTenseText(stats.person, stats.tense) },
    { label: 'Recurring phrases', value: phrasesText(stats.recurringPhrases) },
  ];
}
