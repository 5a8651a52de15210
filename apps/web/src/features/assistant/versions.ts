import { SUGGESTION_MAX_VERSIONS } from '@bree/contracts';
import type { BackgroundResponse } from '@bree/contracts';

/** One finished version of a suggestion: its operation, stored answer and paragraphs. */
export interface SuggestionVersion {
  operationId: string;
  response: BackgroundResponse;
  paragraphs: string[];
}

/** The versions of one suggestion ('Try another'), which one is on screen, and the one being written. */
export interface VersionsState {
  versions: SuggestionVersion[];
  /** Index of the version on screen. */
  shown: number;
  /** Another version being written: its operation (once started) and the text so far. */
  pending: { operationId: string | null; streamed: string } | null;
  /** Why the last 'Try another' failed; the earlier versions stay. */
  error: string | null;
}

export type VersionsEvent =
  | { type: 'requested' }
  | { type: 'started'; operationId: string }
  | { type: 'streamed'; text: string }
  | { type: 'arrived'; version: SuggestionVersion }
  | { type: 'failed'; error: string }
  | { type: 'show'; index: number }
  | { type: 'previous' }
  | { type: 'next' };

/** The versions of a suggestion whose first answer just arrived. */
export function firstVersion(version: SuggestionVersion): VersionsState {
  return { versions: [version], shown: 0, pending: null, error: null };
}

/** True while another version may be asked for: fewer than three in all, and none being written. */
export function canTryAnother(state: VersionsState): boolean {
  return state.pending === null && state.versions.length < SUGGESTION_MAX_VERSIONS;
}

/** The version on screen. */
export function shownVersion(state: VersionsState): SuggestionVersion {
  return state.versions[state.shown]!;
}

/** Every operation of the suggestion, the one being written included: all are forgotten together. */
export function versionOperationIds(state: VersionsState): string[] {
  const ids = state.versions.map((v) => v.operationId);
  return state.pending?.operationId ? [...ids, state.pending.operationId] : ids;
}

/** The texts the next version must differ from, in order. */
export function earlierVersionTexts(state: VersionsState): string[] {
  return state.versions.map((v) => v.paragraphs.join('\n\n'));
}

function showAt(state: VersionsState, index: number): VersionsState {
  const shown = Math.max(0, Math.min(index, state.versions.length - 1));
  return shown === state.shown ? state : { ...state, shown };
}

/** The versions' one state change per event; events that do not apply leave the state as it is. */
export function versionsReducer(state: VersionsState, event: VersionsEvent): VersionsState {
  switch (event.type) {
    case 'requested':
      return canTryAnother(state) ? { ...state, pending: { operationId: null, streamed: '' }, error: null } : state;
    case 'started':
      return state.pending ? { ...state, pending: { ...state.pending, operationId: event.operationId } } : state;
    case 'streamed':
      return state.pending ? { ...state, pending: { ...state.pending, streamed: event.text } } : state;
    case 'arrived':
      // The new version goes last and is shown: it is what the author asked to see.
      if (!state.pending) return state;
      return { versions: [...state.versions, event.version], shown: state.versions.length, pending: null, error: null };
    case 'failed':
      return state.pending ? { ...state, pending: null, error: event.error } : state;
    case 'show':
      return showAt(state, event.index);
    case 'previous':
      return showAt(state, state.shown - 1);
    case 'next':
      return showAt(state, state.shown + 1);
  }
}
