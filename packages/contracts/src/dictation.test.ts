import { describe, expect, it } from 'vitest';
import { isTranscribingNow, TRANSCRIBING_MARK_TTL_MS } from './dictation';

describe("a document's 'Transcribing…' mark", () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const since = (ms: number) => new Date(now - ms).toISOString();

  it('holds for 15 minutes from when it was set, and no longer', () => {
    expect(TRANSCRIBING_MARK_TTL_MS).toBe(15 * 60_000);
    expect(isTranscribingNow({ isTranscribing: true, transcribingSince: since(0) }, now)).toBe(true);
    expect(isTranscribingNow({ isTranscribing: true, transcribingSince: since(TRANSCRIBING_MARK_TTL_MS - 1) }, now)).toBe(true);
    expect(isTranscribingNow({ isTranscribing: true, transcribingSince: since(TRANSCRIBING_MARK_TTL_MS) }, now)).toBe(false);
  });

  it('is off without the mark, and on for a mark without its time', () => {
    expect(isTranscribingNow({}, now)).toBe(false);
    expect(isTranscribingNow({ isTranscribing: false, transcribingSince: since(0) }, now)).toBe(false);
    expect(isTranscribingNow({ isTranscribing: true }, now)).toBe(true);
  });
});
