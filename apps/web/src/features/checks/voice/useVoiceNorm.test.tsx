import type { VoiceProfileAnswer, VoiceStats } from '@bree/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../../app/services';
import type { Services } from '../../../app/services';
import type { ApiClient } from '../../../lib/api';
import { useVoiceNorm } from './useVoiceNorm';

afterEach(cleanup);

const STATS: VoiceStats = {
  words: 900,
  sentences: 60,
  paragraphs: 12,
  sentenceLength: { mean: 15, median: 14, p10: 7, p90: 24, stdev: 6 },
  vocabulary: { typeTokenRatio: 0.5, mattr: 0.72, mattrWindow: 100 },
  punctuationPer1000Words: { commas: 55, semicolons: 0, colons: 1, dashes: 4, exclamations: 0, questions: 2, ellipses: 0, parentheses: 0, quotes: 6 },
  person: { first: 0.45, second: 0, third: 0.55 },
  tense: { past: 0.7, present: 0.3 },
  recurringPhrases: [],
  readability: { fleschReadingEase: 78, fleschKincaidGrade: 6, syllablesPerWord: 1.38 },
  averageParagraphWords: 75,
};

function answer(stats: VoiceStats | null): VoiceProfileAnswer {
  return { status: stats ? 'ready' : 'idle', stats, styleGuide: '', userNotes: '', sampleCount: 0, sampleWords: 0, analyzedAt: null, error: null };
}

function setup(served: VoiceProfileAnswer, cached?: VoiceProfileAnswer) {
  const get = vi.fn(() => Promise.resolve(served));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (cached) queryClient.setQueryData(['voice', 'profile'], cached);
  const services = { api: { get } as unknown as ApiClient, queryClient } as unknown as Services;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ServicesProvider>
  );
  return { get, hook: renderHook(() => useVoiceNorm(), { wrapper }) };
}

describe('useVoiceNorm', () => {
  it('loads the analysed profile from GET /voice/profile', async () => {
    const { get, hook } = setup(answer(STATS));
    expect(hook.result.current).toEqual({ profile: null, loading: true });
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(hook.result.current.profile).toEqual(STATS);
    expect(get).toHaveBeenCalledWith('/voice/profile', expect.anything());
  });

  it('uses a profile already in the cache without a new request', () => {
    const { get, hook } = setup(answer(null), answer(STATS));
    expect(hook.result.current).toEqual({ profile: STATS, loading: false });
    expect(get).not.toHaveBeenCalled();
  });

  it('has no profile while the voice has never been analysed (or was analysed with no text)', async () => {
    const never = setup(answer(null));
    await waitFor(() => expect(never.hook.result.current.loading).toBe(false));
    expect(never.hook.result.current.profile).toBeNull();
    const empty = setup(answer({ ...STATS, words: 0, sentences: 0 }));
    await waitFor(() => expect(empty.hook.result.current.loading).toBe(false));
    expect(empty.hook.result.current.profile).toBeNull();
  });
});
