import { describe, expect, it } from 'vitest';
import type { BackgroundResponse } from '@bree/contracts';
import {
  alternativeOperationIds,
  alternativesFailure,
  alternativesReducer,
  alternativesSettled,
  startingAlternatives,
  versionsFromChoice,
  type AlternativesEvent,
  type AlternativesState,
} from './alternatives';
import type { SuggestionVersion } from './versions';

const version = (operationId: string, text: string): SuggestionVersion => ({
  operationId,
  response: { operationId } as unknown as BackgroundResponse,
  paragraphs: [text],
});
const run = (events: AlternativesEvent[], state: AlternativesState = startingAlternatives({ runId: 'r1', count: 3 })) =>
  events.reduce(alternativesReducer, state);
const started: AlternativesEvent = { type: 'started', operationIds: ['a', 'b', 'c'] };

describe('three versions at once: the cards', () => {
  it('start empty, learn their operations, and stream each on its own', () => {
    const state = run([
      started,
      { type: 'streamed', index: 1, text: 'Sec' },
      { type: 'streamed', index: 0, text: 'Fi' },
      { type: 'streamed', index: 1, text: 'Second' },
    ]);
    expect(state.cards.map((c) => [c.operationId, c.streamed])).toEqual([
      ['a', 'Fi'],
      ['b', 'Second'],
      ['c', ''],
    ]);
    expect(alternativesSettled(state)).toBe(false);
    expect(alternativeOperationIds(state)).toEqual(['a', 'b', 'c']);
  });

  it('keep a finished card as it ended: a late delta or failure does not change it', () => {
    const state = run([
      started,
      { type: 'arrived', index: 0, version: version('a', 'One.') },
      { type: 'streamed', index: 0, text: 'late' },
      { type: 'failed', index: 0, error: 'late failure' },
    ]);
    expect(state.cards[0]).toMatchObject({ streamed: 'One.', error: null, version: { operationId: 'a' } });
  });

  it('are settled once every card has a version or an error', () => {
    const state = run([
      started,
      { type: 'arrived', index: 0, version: version('a', 'One.') },
      { type: 'failed', index: 1, error: 'The model failed.' },
      { type: 'arrived', index: 2, version: version('c', 'Three.') },
    ]);
    expect(alternativesSettled(state)).toBe(true);
    expect(alternativesFailure(state)).toBeNull();
  });

  it('name the failure only when no card produced a version', () => {
    const state = run([started, ...[0, 1, 2].map((index): AlternativesEvent => ({ type: 'failed', index, error: `failed ${index}` }))]);
    expect(alternativesFailure(state)).toBe('failed 0');
    expect(alternativesFailure(run([started, { type: 'failed', index: 0, error: 'x' }]))).toBeNull();
  });

  it("become the suggestion's versions when one is chosen: the finished ones in order, the chosen one shown", () => {
    const state = run([
      started,
      { type: 'arrived', index: 0, version: version('a', 'One.') },
      { type: 'failed', index: 1, error: 'The model failed.' },
      { type: 'arrived', index: 2, version: version('c', 'Three.') },
    ]);
    const versions = versionsFromChoice(state, 2)!;
    expect(versions.versions.map((v) => v.operationId)).toEqual(['a', 'c']);
    expect(versions.shown).toBe(1);
    expect(versions.pending).toBeNull();
    expect(versionsFromChoice(state, 1)).toBeNull();
    expect(versionsFromChoice(run([started, { type: 'arrived', index: 1, version: version('b', 'Two.') }]), 1)!.shown).toBe(0);
  });

  it('drop the cards the server did not start', () => {
    const state = run([{ type: 'started', operationIds: ['a', 'b'] }]);
    expect(state.cards).toHaveLength(2);
    expect(alternativeOperationIds(state)).toEqual(['a', 'b']);
  });
});
