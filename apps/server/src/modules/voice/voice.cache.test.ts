import { describe, expect, it, vi } from 'vitest';
import { createPromptProfileCache } from './voice.cache';
import type { VoiceProfileRow } from './voice.table';

describe('the prompt profile cache', () => {
  it('reads a tenant once within the TTL, again after it, and at once after a write here', async () => {
    let clock = 0;
    const rows = [
      { tenantId: 'a', userNotes: 'v1' },
      { tenantId: 'a', userNotes: 'v2' },
      { tenantId: 'a', userNotes: 'v3' },
    ] as VoiceProfileRow[];
    const load = vi.fn(async () => rows[load.mock.calls.length - 1] ?? null);
    const cache = createPromptProfileCache({ load, now: () => new Date(clock), ttlMs: 1000 });
    expect((await cache.get('a'))?.userNotes).toBe('v1');
    clock = 999;
    expect((await cache.get('a'))?.userNotes).toBe('v1');
    expect(load).toHaveBeenCalledTimes(1);
    clock = 1000;
    expect((await cache.get('a'))?.userNotes).toBe('v2');
    await cache.forget('a');
    expect((await cache.get('a'))?.userNotes).toBe('v3');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
