/**
 * What a search result hands the editor through router state: where its passage starts in the
 * document's plain text and the words that matched, so the editor opens scrolled to them.
 */
export interface PassageTarget {
  /** Offset in the document's plain text (`toPlainText`) of the matched words, or of the passage. */
  offset: number | null;
  /** The matched words as they stand in the passage ('' when nothing is highlighted). */
  words: string;
}

/** Router state carrying a PassageTarget. */
export interface SearchNavigationState {
  searchPassage: PassageTarget;
}

/** The router state of a document opened from a search result. */
export function searchNavigationState(passage: {
  text: string;
  highlights: readonly (readonly [number, number])[];
  offset: number | null;
}): SearchNavigationState {
  const first = [...passage.highlights].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0])[0];
  const words = first ? passage.text.slice(first[0], first[1]) : '';
  const offset = passage.offset === null ? null : passage.offset + (first ? first[0] : 0);
  return { searchPassage: { offset, words } };
}

/** The PassageTarget in router state, or null when the document was not opened from a search. */
export function passageTargetFrom(state: unknown): PassageTarget | null {
  if (typeof state !== 'object' || state === null) return null;
  const target = (state as { searchPassage?: unknown }).searchPassage;
  if (typeof target !== 'object' || target === null) return null;
  const { offset, words } = target as { offset?: unknown; words?: unknown };
  if (typeof words !== 'string') return null;
  if (offset !== null && !(typeof offset === 'number' && Number.isInteger(offset) && offset >= 0)) return null;
  return { offset, words };
}
