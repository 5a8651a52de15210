import { VOICE_MATCH_MIN_WORDS, voiceMatchParts, voiceMatchScore } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import { computeStylometrics } from './voice.stylometrics';

/** The author's samples: first-person, mid-length sentences with commas, plain words. */
const SAMPLES = [
  'The kettle sang before I was ready for it. I stood at the window and watched the rain walk across the field, slow and grey, the way it always does in March. Nothing in the house moved; even the cat had given up on the morning.',
  'We drove north in the old car, the one with the broken radio. My sister counted sheep out loud until she fell asleep, and I kept driving, the road unspooling under the headlights like a thread I could not stop pulling.',
  'By noon the rain had stopped, and I walked down to the river. The water was high and brown, and it carried whole branches past me as if they weighed nothing. I thought of my father, who used to say that a river is only a road that forgot to stay still.',
].join('\n\n');

/** Written the way the author writes, but not one of the samples. */
const AUTHOR_LIKE =
  'In the evening I went back to the field, and the grass was still wet from the rain. I sat on the old gate for a while, watching the light go, and I thought about how quiet the house would be when I got home.';
/** Terse all-caps bullet points: no sentences, no function words, no commas. */
const BULLETS = '- SHIP Q3 ROADMAP\n- ALIGN STAKEHOLDERS ASAP\n- KPI DASHBOARD REVIEW\n- BUDGET SIGNOFF FRIDAY\n- HIRING PIPELINE UPDATE';
/** One long legalistic sentence full of semicolons and parentheses. */
const LEGALESE =
  'Notwithstanding any provision hereinabove to the contrary (including, without limitation, Sections 4.2 through 4.9 inclusive), the Licensee shall indemnify, defend and hold harmless the Licensor, its affiliates, successors and assigns; furthermore, such obligations shall survive termination or expiration hereof; and any failure to enforce shall not constitute a waiver (whether express or implied) of any right, remedy or privilege hereunder.';

describe('voice match score', () => {
  const profile = computeStylometrics(SAMPLES);

  it('scores the author’s own style above a deliberately different one', () => {
    const own = voiceMatchScore(AUTHOR_LIKE, profile)!;
    expect(own).toBeGreaterThan(voiceMatchScore(BULLETS, profile)! + 30);
    expect(own).toBeGreaterThan(voiceMatchScore(LEGALESE, profile)! + 20);
  });

  it('scores the samples themselves high', () => {
    expect(voiceMatchScore(SAMPLES, profile)).toBeGreaterThanOrEqual(90);
  });

  it('stays within 0–100 and gives the same answer every time', () => {
    for (const text of [SAMPLES, AUTHOR_LIKE, BULLETS, LEGALESE, 'a a a a a a a a a a a a', '!!! ??? ;;; one two three four five six seven eight']) {
      const score = voiceMatchScore(text, profile);
      expect(score).not.toBeNull();
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      expect(voiceMatchScore(text, profile)).toBe(score);
    }
  });

  it('gives no score for a text too short to judge, or against an empty profile', () => {
    expect(voiceMatchScore('I stood at the window and watched.', profile)).toBeNull();
    expect(voiceMatchScore('I stood at the window and watched the rain.', profile)).not.toBeNull();
    expect(VOICE_MATCH_MIN_WORDS).toBe(8);
    expect(voiceMatchScore(AUTHOR_LIKE, computeStylometrics(''))).toBeNull();
  });

  it('leaves the function words out for a profile analysed before they were measured', () => {
    const { functionWordsPer1000Words: _dropped, ...older } = profile;
    expect(voiceMatchParts(AUTHOR_LIKE, older)?.functionWords).toBeNull();
    expect(voiceMatchParts(AUTHOR_LIKE, profile)?.functionWords).toBeGreaterThan(0.5);
    expect(voiceMatchScore(AUTHOR_LIKE, older)).toBeGreaterThan(voiceMatchScore(BULLETS, older)!);
  });
});
