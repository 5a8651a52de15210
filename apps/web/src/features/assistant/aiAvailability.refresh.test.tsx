import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { AiConfig } from '@bree/contracts';
import { withBillingServices } from '../billing/testServices';
import { useDictationAvailability } from '../dictation/availability';
import { useAiAvailability } from './aiAvailability';

const answer = (on: boolean): AiConfig => ({
  tiers: { fast: { available: on, model: 'fake-fast' }, premium: { available: on, model: 'fake-premium' } },
  transcription: { available: on, model: 'whisper-1' },
});

afterEach(() => void vi.useRealTimers());

describe('the AI availability of an open page', () => {
  it("turns 'not available' within a minute of an administrator switching AI off, without a press", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let on = true;
    const get = vi.fn(() => Promise.resolve(answer(on)));
    const { result } = renderHook(() => ({ ai: useAiAvailability(), dictation: useDictationAvailability() }), {
      wrapper: withBillingServices({ get } as never),
    });
    await vi.waitFor(() => expect(result.current.ai.known).toBe(true));
    expect(result.current.ai.available).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);

    on = false; // the switch, in the admin portal
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await vi.waitFor(() => expect(result.current.ai.available).toBe(false));
    // Dictation reads the same answer, asked once for both.
    expect(result.current.dictation.available).toBe(false);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
