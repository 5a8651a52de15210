import type { BackgroundResponse } from '@bree/contracts';

/** The toast of docs/PRODUCT.md#assistant, shown only when a result really arrived while away. */
export const BACKGROUND_COMPLETED = 'Background operation completed';

const STORAGE_KEY = 'bree.seenAiResults';
/** Enough for every result a writer leaves undecided; the oldest are forgotten first. */
const MAX_REMEMBERED = 200;

/** Results this browser has already put on screen, by operation id (kept across reloads). */
export interface SeenResults {
  has(operationId: string): boolean;
  add(operationId: string): void;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStore(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered ids, in the order they were seen; without storage, for this page only. */
export function createSeenResults(store: Store | null = defaultStore()): SeenResults {
  let ids: string[] = [];
  try {
    const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    ids = [];
  }
  return {
    has: (operationId) => ids.includes(operationId),
    add(operationId) {
      if (ids.includes(operationId)) return;
      ids = [...ids, operationId].slice(-MAX_REMEMBERED);
      try {
        store?.setItem(STORAGE_KEY, JSON.stringify(ids));
      } catch {
        // Storage full or refused: remembered for this page only.
      }
    },
  };
}

/**
 * Whether fetched background results bring something new: a result that can be shown and that
 * this browser never put on screen (it finished while the writer was away). A result already
 * seen — shown live, then the page reloaded — comes back as a suggestion without the toast.
 */
export function arrivedWhileAway(responses: readonly BackgroundResponse[], seen: SeenResults): boolean {
  return responses.some((r) => r.status !== 'failed' && !seen.has(r.operationId));
}
