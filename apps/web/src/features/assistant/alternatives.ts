import type { SuggestionVersion, VersionsState } from './versions';

/** One of the versions written at once: its operation (once started), its text so far, and how it ended. */
export interface AlternativeCard {
  operationId: string | null;
  streamed: string;
  /** Its finished version; null while it is written or when it failed. */
  version: SuggestionVersion | null;
  error: string | null;
}

/** 'Show 3 versions' (docs/ASSISTANT.md "Three versions at once"): the cards of one run, side by side. */
export interface AlternativesState {
  /** Which run these cards belong to: a late event of an earlier run changes nothing. */
  runId: string;
  cards: AlternativeCard[];
}

export type AlternativesEvent =
  | { type: 'started'; operationIds: string[] }
  | { type: 'streamed'; index: number; text: string }
  | { type: 'arrived'; index: number; version: SuggestionVersion }
  | { type: 'failed'; index: number; error: string };

/** The cards of a run just asked for, before the server answered. */
export function startingAlternatives({ runId, count }: { runId: string; count: number }): AlternativesState {
  return { runId, cards: Array.from({ length: count }, () => ({ operationId: null, streamed: '', version: null, error: null })) };
}

function patchCard(state: AlternativesState, index: number, patch: Partial<AlternativeCard>): AlternativesState {
  const card = state.cards[index];
  // A card that ended keeps its end: a late delta of a restarted stream does not reopen it.
  if (!card || card.version || card.error) return state;
  return { ...state, cards: state.cards.map((c, i) => (i === index ? { ...c, ...patch } : c)) };
}

/** The cards' one state change per event; events that do not apply leave the state as it is. */
export function alternativesReducer(state: AlternativesState, event: AlternativesEvent): AlternativesState {
  switch (event.type) {
    case 'started':
      // The server may start fewer than asked (never more): the cards it did not start go.
      return {
        ...state,
        cards: event.operationIds.map((operationId, i) => ({ ...(state.cards[i] ?? startingAlternatives({ runId: '', count: 1 }).cards[0]!), operationId })),
      };
    case 'streamed':
      return patchCard(state, event.index, { streamed: event.text });
    case 'arrived':
      return patchCard(state, event.index, { version: event.version, streamed: event.version.paragraphs.join('\n\n') });
    case 'failed':
      return patchCard(state, event.index, { error: event.error });
  }
}

/** True once every card has its version or its error. */
export function alternativesSettled(state: AlternativesState): boolean {
  return state.cards.every((c) => c.version !== null || c.error !== null);
}

/** Every operation of the run, started or finished: all are forgotten together when the author rejects. */
export function alternativeOperationIds(state: AlternativesState): string[] {
  return state.cards.flatMap((c) => (c.operationId ? [c.operationId] : []));
}

/**
 * The suggestion's versions once the author chose card `index`: every finished card in order (a
 * suggestion's versions, 'Try another''s pager moves between them), the chosen one shown. Null
 * when that card has no finished version.
 */
export function versionsFromChoice(state: AlternativesState, index: number): VersionsState | null {
  const chosen = state.cards[index]?.version;
  if (!chosen) return null;
  const versions = state.cards.flatMap((c) => (c.version ? [c.version] : []));
  return { versions, shown: versions.indexOf(chosen), pending: null, error: null };
}

/** The error to show when no card produced a version: the first card's. */
export function alternativesFailure(state: AlternativesState): string | null {
  if (!alternativesSettled(state) || state.cards.some((c) => c.version)) return null;
  return state.cards.find((c) => c.error)?.error ?? null;
}

/** Whether a suggestion can be asked for three versions at once: ready, with a request to repeat, one version shown and none being written. */
export function canShowThree(s: { phase: string; request: unknown; versions: VersionsState | null } | null): boolean {
  return Boolean(s && s.phase === 'ready' && s.request && s.versions && s.versions.versions.length === 1 && !s.versions.pending);
}
