import { describe, expect, it } from 'vitest';
import type { VoiceStats } from '@bree/contracts';
import {
  countOf,
  describeVoiceStats,
  easeBand,
  personTenseText,
  phrasesText,
  punctuationText,
  readabilityText,
  sentenceLengthText,
  vocabularyText,
} from './format';

const NO_PUNCTUATION: VoiceStats['punctuationPer1000Words'] = {
  commas: 0,
  semicolons: 0,
  colons: 0,
  dashes: 0,
  exclamations: 0,
  questions: 0,
  ellipses: 0,
  parentheses: 0,
  quotes: 0,
};

const STATS: VoiceStats = {
  words: 1200,
  sentences: 80,
  paragraphs: 12,
  sentenceLength: { mean: 14.6, median: 14, p10: 6, p90: 24.4, stdev: 6 },
  vocabulary: { typeTokenRatio: 0.42, mattr: 0.78, mattrWindow: 50 },
  punctuationPer1000Words: { ...NO_PUNCTUATION, commas: 52.34, dashes: 8, semicolons: 1 },
  person: { first: 0.7, second: 0.1, third: 0.2 },
  tense: { past: 0.3, present: 0.1 },
  recurringPhrases: [
    { phrase: 'in the end', count: 3 },
    { phrase: 'the quiet house', count: 5 },
  ],
  readability: { fleschReadingEase: 65.2, fleschKincaidGrade: 7.6, syllablesPerWord: 1.4 },
  averageParagraphWords: 100,
};

describe('voice stats formatting', () => {
  it('counts with singular and plural', () => {
    expect(countOf(1, 'word')).toBe('1 word');
    expect(countOf(1234, 'word')).toBe('1,234 words');
    expect(countOf(2, 'sample')).toBe('2 samples');
  });

  it('describes sentence length with its spread', () => {
    expect(sentenceLengthText(STATS.sentenceLength)).toBe('15 words per sentence on average (most between 6 and 24)');
    expect(sentenceLengthText({ mean: 1, median: 1, p10: 1, p90: 1, stdev: 0 })).toBe('1 word per sentence on average');
  });

  it('grades vocabulary richness', () => {
    expect(vocabularyText(STATS.vocabulary)).toBe('Rich: 78% distinct words in any 50-word stretch');
    expect(vocabularyText({ typeTokenRatio: 0.3, mattr: 0.65, mattrWindow: 50 })).toMatch(/^Varied: 65%/);
    expect(vocabularyText({ typeTokenRatio: 0.3, mattr: 0.5, mattrWindow: 50 })).toMatch(/^Focused: 50%/);
  });

  it('turns readability into a grade and a band, the ease on its 0–100 scale', () => {
    expect(readabilityText({ readability: STATS.readability, words: STATS.words })).toBe('Grade 8 (plain English, reading ease 65 of 100)');
    expect(easeBand(10)).toBe('very difficult');
    expect(easeBand(55)).toBe('fairly difficult');
  });

  it('never shows a reading ease outside 0–100, even from a profile stored before the clamp', () => {
    const easy = { fleschReadingEase: 120.6, fleschKincaidGrade: -2, syllablesPerWord: 1 };
    expect(readabilityText({ readability: easy, words: 4 })).toBe('Grade 0 (very easy, reading ease 100 of 100)');
    expect(readabilityText({ readability: { ...easy, fleschReadingEase: 100.4 }, words: 4 })).toBe('Grade 0 (very easy, reading ease 100 of 100)');
    const hard = { fleschReadingEase: -48.2, fleschKincaidGrade: 31.4, syllablesPerWord: 2.9 };
    expect(readabilityText({ readability: hard, words: 60 })).toBe('Grade 31 (very difficult, reading ease 0 of 100)');
  });

  it('says there is nothing to measure when the samples hold no words (empty, or numbers only)', () => {
    const none = { fleschReadingEase: 0, fleschKincaidGrade: 0, syllablesPerWord: 0 };
    expect(readabilityText({ readability: none, words: 0 })).toBe('Not enough text to measure yet');
    expect(describeVoiceStats({ ...STATS, words: 0, readability: none }).find((f) => f.label === 'Readability')?.value).toBe('Not enough text to measure yet');
  });

  it('names the two favourite punctuation marks', () => {
    expect(punctuationText(STATS.punctuationPer1000Words)).toBe('commas (52.3 per 1,000 words), dashes (8 per 1,000 words)');
    expect(punctuationText(NO_PUNCTUATION)).toBe('Hardly any beyond full stops');
  });

  it('names the dominant person and tense', () => {
    expect(personTenseText(STATS.person, STATS.tense)).toBe('First person (70% of pronouns), mostly past tense (75%)');
    expect(personTenseText({ first: 0, second: 0, third: 0 }, { past: 0, present: 0 })).toBe('No clear person, no clear tense');
    expect(personTenseText({ first: 0, second: 0, third: 1 }, { past: 0.1, present: 0.3 })).toBe('Third person (100% of pronouns), mostly present tense (75%)');
  });

  it('lists recurring phrases, most frequent first', () => {
    expect(phrasesText(STATS.recurringPhrases)).toBe('“the quiet house” ×5, “in the end” ×3');
    expect(phrasesText([])).toBe('None stand out yet');
  });

  it('gives the panel six labelled figures', () => {
    expect(describeVoiceStats(STATS).map((f) => f.label)).toEqual([
      'Average sentence length',
      'Vocabulary richness',
      'Readability',
      'Favourite punctuation',
      'Person and tense',
      'Recurring phrases',
    ]);
  });
});
