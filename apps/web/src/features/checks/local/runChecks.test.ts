import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_SETTINGS } from '@bree/contracts';
import type { VoiceStats } from '@bree/contracts';
import { offVoiceFindings } from '../voice/offVoice';
import { runChecks } from './runChecks';
import { runLocalChecks } from './runLocalChecks';

/** A plain author of about 15 words a sentence who never uses a semicolon. */
const PROFILE: VoiceStats = {
  words: 6000,
  sentences: 400,
  paragraphs: 80,
  sentenceLength: { mean: 15, median: 14, p10: 7, p90: 24, stdev: 6 },
  vocabulary: { typeTokenRatio: 0.3, mattr: 0.72, mattrWindow: 100 },
  punctuationPer1000Words: { commas: 55, semicolons: 0, colons: 1.5, dashes: 4, exclamations: 0, questions: 2, ellipses: 0, parentheses: 0.5, quotes: 6 },
  functionWordsPer1000Words: { the: 60, and: 35, i: 30, a: 25, of: 20, to: 22, was: 18, in: 15, it: 12, we: 8, he: 9 },
  person: { first: 0.45, second: 0, third: 0.55 },
  tense: { past: 0.7, present: 0.3 },
  recurringPhrases: [],
  readability: { fleschReadingEase: 78, fleschKincaidGrade: 6, syllablesPerWord: 1.38 },
  averageParagraphWords: 75,
};

const text = [
  'I walked down to the harbour before the rain came in.',
  'The boats were tied up in a long row, and nobody was about.',
  'My father used to fish here when he was young.',
  'He said the water was colder then, but I never believed him.',
  'We ate our lunch on the wall and watched the gulls.',
  'Consequently; the organisational infrastructure necessitates comprehensive reevaluation; notwithstanding institutional considerations.',
].join(' ');
const blocks = [{ id: 'b1', type: 'paragraph', text }];

describe('one run of the checks that need no request', () => {
  it('is the local rules alone without a voice profile', () => {
    expect(runChecks({ blocks, settings: DEFAULT_CHECK_SETTINGS, profile: null })).toEqual({
      findings: runLocalChecks({ blocks, settings: DEFAULT_CHECK_SETTINGS }),
      ownShare: null,
    });
  });

  it('adds the off-voice sentences and the share read as the author’s own with one', () => {
    const voice = offVoiceFindings({ blocks, profile: PROFILE });
    expect(voice.findings.length).toBeGreaterThan(0);
    const result = runChecks({ blocks, settings: DEFAULT_CHECK_SETTINGS, profile: PROFILE });
    expect(result.findings).toEqual([...runLocalChecks({ blocks, settings: DEFAULT_CHECK_SETTINGS }), ...voice.findings]);
    expect(result.ownShare).toBe(voice.ownShare);
  });

  it('leaves the author’s voice out when they switched off-voice off', () => {
    const settings = { ...DEFAULT_CHECK_SETTINGS, disabledRules: ['off-voice' as const] };
    const result = runChecks({ blocks, settings, profile: PROFILE });
    expect(result.findings.some((f) => f.rule === 'off-voice')).toBe(false);
    expect(result.ownShare).toBeNull();
  });
});
