import { AI_MAX_INSTRUCTION } from '@bree/contracts';

/** How many recent Ask AI instructions are offered again (docs/ASSISTANT.md "Ask AI"). */
export const RECENT_INSTRUCTIONS = 8;

const keyOf = (tenantId: string): string => `bree.askAi.recent.${tenantId}`;

/** Storage as this module uses it: localStorage in the app, a stand-in in tests. */
type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): KeyValue | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage switched off (a private window's settings): nothing is remembered.
    return null;
  }
}

/** Two instructions are the same when they differ only in case and spacing. */
const sameInstruction = (a: string, b: string): boolean => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();

/** This tenant's recent instructions, newest first; [] when none or when the stored value is not a list of strings. */
export function readRecentInstructions({ tenantId, storage = defaultStorage() }: { tenantId: string; storage?: KeyValue | null }): string[] {
  if (!storage || !tenantId) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(tenantId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, RECENT_INSTRUCTIONS);
  } catch {
    return [];
  }
}

/**
 * Puts an instruction first in this tenant's recent list (an earlier copy of it moves up, the
 * oldest beyond the last kept go) and returns the new list.
 */
export function rememberInstruction({
  tenantId,
  instruction,
  storage = defaultStorage(),
}: {
  tenantId: string;
  instruction: string;
  storage?: KeyValue | null;
}): string[] {
  const text = instruction.trim().slice(0, AI_MAX_INSTRUCTION);
  const earlier = readRecentInstructions({ tenantId, storage });
  if (!text || !tenantId || !storage) return earlier;
  const next = [text, ...earlier.filter((x) => !sameInstruction(x, text))].slice(0, RECENT_INSTRUCTIONS);
  try {
    storage.setItem(keyOf(tenantId), JSON.stringify(next));
  } catch {
    // Full or refused storage: the list is only a convenience.
  }
  return next;
}
