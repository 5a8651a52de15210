import type { VoiceProfileAnswer, VoiceStats } from '@bree/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServicesProvider } from '../../app/services';
import type { Services } from '../../app/services';
import type { ApiClient } from '../../lib/api';
import { VoiceMatchLine } from './VoiceMatchLine';
import { voiceMatchText } from './voiceMatch';

afterEach(cleanup);

/** A profile of mid-length, comma-rich first-person prose (the figures the server would store). */
const STATS: VoiceStats = {
  words: 120,
  sentences: 6,
  paragraphs: 2,
  sentenceLength: { mean: 20, median: 20, p10: 14, p90: 26, stdev: 5 },
  vocabulary: { typeTokenRatio: 0.7, mattr: 0.72, mattrWindow: 100 },
  punctuationPer1000Words: { commas: 60, semicolons: 5, colons: 0, dashes: 0, exclamations: 0, questions: 0, ellipses: 0, parentheses: 0, quotes: 0 },
  person: { first: 0.8, second: 0, third: 0.2 },
  tense: { past: 0.9, present: 0.1 },
  recurringPhrases: [],
  readability: { fleschReadingEase: 70, fleschKincaidGrade: 7, syllablesPerWord: 1.3 },
  averageParagraphWords: 60,
  functionWordsPer1000Words: { the: 70, and: 40, i: 35, a: 25, of: 20, to: 20, was: 15, in: 15, it: 10 },
};
const SUGGESTED =
  'I walked down to the river in the evening, and the water was high and brown from the rain. I stood there for a while, thinking of nothing at all.';
const ORIGINAL = 'walked to river. water high. stood there. thought nothing. went home after.';

function profile(stats: VoiceStats | null): VoiceProfileAnswer {
  return { status: stats ? 'ready' : 'idle', stats, styleGuide: '', userNotes: '', sampleCount: 0, sampleWords: 0, analyzedAt: null, error: null };
}

function renderLine(answer: VoiceProfileAnswer, props = { suggested: SUGGESTED, original: ORIGINAL }) {
  const api = { get: () => Promise.resolve(answer) } as unknown as ApiClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ServicesProvider services={{ api, queryClient } as unknown as Services}>
      <QueryClientProvider client={queryClient}>
        <p>Card</p>
        <VoiceMatchLine {...props} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return queryClient;
}

describe('the voice match line of a suggestion card', () => {
  it('reads "Voice match N · original M" once the voice has been analysed', async () => {
    renderLine(profile(STATS));
    const line = await screen.findByTestId('voice-match');
    expect(line.textContent).toMatch(/^Voice match (\d+) · original (\d+)$/);
    const [, suggested, original] = /^Voice match (\d+) · original (\d+)$/.exec(line.textContent ?? '')!;
    // The suggestion written like the profile scores above the terse original.
    expect(Number(suggested)).toBeGreaterThan(Number(original));
  });

  it('is hidden while the voice has never been analysed', async () => {
    const queryClient = renderLine(profile(null));
    await expect.poll(() => queryClient.getQueryState(['voice', 'profile'])?.status).toBe('success');
    expect(screen.getByText('Card')).toBeTruthy();
    expect(screen.queryByTestId('voice-match')).toBeNull();
  });
});

describe('voiceMatchText', () => {
  it('leaves out what cannot be judged', () => {
    expect(voiceMatchText({ suggested: SUGGESTED, original: ORIGINAL, stats: null })).toBeNull();
    expect(voiceMatchText({ suggested: 'Too short to judge.', original: ORIGINAL, stats: STATS })).toBeNull();
    // An insertion has no original; a very short original gets no score of its own.
    expect(voiceMatchText({ suggested: SUGGESTED, original: '', stats: STATS })).toMatch(/^Voice match \d+$/);
    expect(voiceMatchText({ suggested: SUGGESTED, original: 'Rough draft.', stats: STATS })).toMatch(/^Voice match \d+$/);
  });

  it('gives the same line every time', () => {
    const line = voiceMatchText({ suggested: SUGGESTED, original: ORIGINAL, stats: STATS });
    expect(voiceMatchText({ suggested: SUGGESTED, original: ORIGINAL, stats: STATS })).toBe(line);
  });
});
