import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_MEASURE, startAutosaveTiming, timedFetch } from './autosaveTiming';

afterEach(() => performance.clearMeasures());

describe('autosave timing for the editor benchmark', () => {
  it('measures from the save snapshot to the moment the save request reaches fetch', async () => {
    const base = vi.fn(async () => new Response('{}'));
    const fetchWithTiming = timedFetch(base);
    startAutosaveTiming();
    await fetchWithTiming('/api/files/content-only-update', { method: 'POST' });
    expect(performance.getEntriesByName(AUTOSAVE_MEASURE, 'measure')).toHaveLength(1);
    expect(base).toHaveBeenCalledTimes(1);
  });

  it('ignores other requests and a second fetch of the same save (retries)', async () => {
    const fetchWithTiming = timedFetch(async () => new Response('{}'));
    startAutosaveTiming();
    await fetchWithTiming('/api/files/get');
    expect(performance.getEntriesByName(AUTOSAVE_MEASURE, 'measure')).toHaveLength(0);
    await fetchWithTiming('/api/files/content-only-update');
    await fetchWithTiming('/api/files/content-only-update');
    expect(performance.getEntriesByName(AUTOSAVE_MEASURE, 'measure')).toHaveLength(1);
  });
});
