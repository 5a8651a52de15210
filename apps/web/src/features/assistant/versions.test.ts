import { describe, expect, it } from 'vitest';
import type { BackgroundResponse } from '@bree/contracts';
import { canTryAnother, earlierVersionTexts, firstVersion, shownVersion, versionOperationIds, versionsReducer } from './versions';
import type { SuggestionVersion, VersionsEvent, VersionsState } from './versions';

function version(n: number): SuggestionVersion {
  return { operationId: `op${n}`, response: { operationId: `op${n}` } as BackgroundResponse, paragraphs: [`Version ${n}.`, `Second paragraph ${n}.`] };
}

function run(state: VersionsState, ...events: VersionsEvent[]): VersionsState {
  return events.reduce(versionsReducer, state);
}

/** Asks for another version and lets it arrive. */
const another = (n: number): VersionsEvent[] => [{ type: 'requested' }, { type: 'started', operationId: `op${n}` }, { type: 'arrived', version: version(n) }];

describe('the versions of one suggestion', () => {
  it('starts with the first answer shown, and another may be asked for', () => {
    const state = firstVersion(version(1));
    expect(shownVersion(state)).toEqual(version(1));
    expect(canTryAnother(state)).toBe(true);
    expect(earlierVersionTexts(state)).toEqual(['Version 1.\n\nSecond paragraph 1.']);
  });

  it('follows a version being written, then shows it last', () => {
    let state = run(firstVersion(version(1)), { type: 'requested' });
    expect(state.pending).toEqual({ operationId: null, streamed: '' });
    expect(canTryAnother(state)).toBe(false);
    state = run(state, { type: 'started', operationId: 'op2' }, { type: 'streamed', text: 'Vers' });
    expect(state.pending).toEqual({ operationId: 'op2', streamed: 'Vers' });
    // While it is written, the first version stays on screen and both operations are known.
    expect(shownVersion(state).operationId).toBe('op1');
    expect(versionOperationIds(state)).toEqual(['op1', 'op2']);
    state = run(state, { type: 'arrived', version: version(2) });
    expect(state).toMatchObject({ shown: 1, pending: null, error: null });
    expect(shownVersion(state).operationId).toBe('op2');
  });

  it('allows three versions in all, then no more', () => {
    const state = run(firstVersion(version(1)), ...another(2), ...another(3));
    expect(state.versions.map((v) => v.operationId)).toEqual(['op1', 'op2', 'op3']);
    expect(state.shown).toBe(2);
    expect(canTryAnother(state)).toBe(false);
    expect(run(state, { type: 'requested' })).toBe(state);
    expect(run(state, { type: 'arrived', version: version(4) })).toBe(state);
  });

  it('moves between versions with previous and next, never past either end', () => {
    let state = run(firstVersion(version(1)), ...another(2), ...another(3));
    state = run(state, { type: 'previous' });
    expect(state.shown).toBe(1);
    state = run(state, { type: 'previous' }, { type: 'previous' }, { type: 'previous' });
    expect(state.shown).toBe(0);
    state = run(state, { type: 'next' }, { type: 'next' }, { type: 'next' });
    expect(state.shown).toBe(2);
    expect(run(state, { type: 'show', index: 1 }).shown).toBe(1);
    expect(run(state, { type: 'show', index: 7 }).shown).toBe(2);
  });

  it('keeps the earlier versions when another fails, and may try again', () => {
    const before = run(firstVersion(version(1)), ...another(2), { type: 'previous' });
    const failed = run(before, { type: 'requested' }, { type: 'failed', error: 'Budget limit exceeded.' });
    expect(failed).toEqual({ ...before, error: 'Budget limit exceeded.' });
    expect(canTryAnother(failed)).toBe(true);
    // Asking again clears the message.
    expect(run(failed, { type: 'requested' }).error).toBeNull();
  });

  it('ignores events about a version nobody asked for', () => {
    const state = firstVersion(version(1));
    for (const event of [
      { type: 'started', operationId: 'x' },
      { type: 'streamed', text: 'x' },
      { type: 'arrived', version: version(9) },
      { type: 'failed', error: 'x' },
    ] as VersionsEvent[]) {
      expect(run(state, event)).toBe(state);
    }
  });
});
