import type { FileMetadata, FileSummary } from '@bree/contracts';

/** How long a confirmed overlay entry keeps shielding the list from stale server answers (docs/PRODUCT.md#documents). */
export const OVERLAY_LIFETIME_MS = 30_000;

/** A visible change laid over the server's list until the server surely reflects it. */
export type OverlayPatch =
  | { kind: 'delete' }
  | { kind: 'rename'; name: string; filePath: string }
  | { kind: 'metadata'; metadata: Partial<FileMetadata> }
  | { kind: 'create'; file: FileSummary };

export interface OverlayEntry {
  /** The list change's id; one entry per change and file. */
  id: string;
  fileId: string;
  patch: OverlayPatch;
  status: 'pending' | 'confirmed';
  /** Set when confirmed; pending entries live until their change settles. */
  expiresAt: number | null;
}

export interface OverlayStore {
  add(entry: Omit<OverlayEntry, 'status' | 'expiresAt'>): void;
  /** The server accepted the change: keep it for the overlay lifetime, then let the server's list speak. */
  confirm(id: string): void;
  /** Rollback: the change never happened (for one file of the change when `fileId` is given). */
  remove(id: string, fileId?: string): void;
  entries(): readonly OverlayEntry[];
  subscribe(listener: () => void): () => void;
}

export interface OverlayDeps {
  now?: () => number;
  lifetimeMs?: number;
  schedule?: (fn: () => void, ms: number) => void;
}

/** A small observable list of overlay entries with 30 s expiry of confirmed ones. */
export function createOverlayStore({
  now = () => Date.now(),
  lifetimeMs = OVERLAY_LIFETIME_MS,
  schedule = (fn, ms) => void setTimeout(fn, ms),
}: OverlayDeps = {}): OverlayStore {
  let list: readonly OverlayEntry[] = [];
  const listeners = new Set<() => void>();

  const set = (next: readonly OverlayEntry[]) => {
    list = next;
    for (const listener of listeners) listener();
  };
  const prune = () => {
    const t = now();
    const kept = list.filter((e) => e.expiresAt === null || e.expiresAt > t);
    if (kept.length !== list.length) set(kept);
  };

  return {
    add(entry) {
      // Duplicate change ids are skipped (docs/PRODUCT.md#documents).
      if (list.some((e) => e.id === entry.id && e.fileId === entry.fileId)) return;
      set([...list, { ...entry, status: 'pending', expiresAt: null }]);
    },
    confirm(id) {
      const expiresAt = now() + lifetimeMs;
      set(list.map((e) => (e.id === id ? { ...e, status: 'confirmed' as const, expiresAt } : e)));
      schedule(prune, lifetimeMs);
    },
    remove(id, fileId) {
      const gone = (e: OverlayEntry) => e.id === id && (fileId === undefined || e.fileId === fileId);
      if (list.some(gone)) set(list.filter((e) => !gone(e)));
    },
    entries: () => list,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function patchItem(item: FileSummary, patch: OverlayPatch): FileSummary | null {
  switch (patch.kind) {
    case 'delete':
      return null;
    case 'rename': {
      const displayName = patch.name.replace(/\.txt$/i, '');
      return { ...item, name: patch.name, displayName, filePath: patch.filePath };
    }
    case 'metadata':
      return { ...item, metadata: { ...item.metadata, ...patch.metadata } };
    case 'create':
      return item;
  }
}

/**
 * The list as the user should see it: server items with every live overlay entry applied in
 * order. Created files missing from the server's answer are put first (they are the newest).
 */
export function applyOverlay(
  items: readonly FileSummary[],
  entries: readonly OverlayEntry[],
  now: number,
  options: { includeCreated?: boolean } = {},
): FileSummary[] {
  const live = entries.filter((e) => e.expiresAt === null || e.expiresAt > now);
  if (live.length === 0) return [...items];
  const present = new Set(items.map((i) => i.id));
  const created = options.includeCreated === false ? [] : live.flatMap((e) => (e.patch.kind === 'create' && !present.has(e.fileId) ? [e.patch.file] : []));
  const result: FileSummary[] = [];
  for (const original of [...created.reverse(), ...items]) {
    let item: FileSummary | null = original;
    for (const entry of live) {
      if (entry.fileId !== original.id || !item) continue;
      item = patchItem(item, entry.patch);
    }
    if (item) result.push(item);
  }
  return result;
}

/** True while an entry hides the file (a delete tombstone). */
export function isTombstoned(entries: readonly OverlayEntry[], fileId: string, now: number): boolean {
  return entries.some((e) => e.fileId === fileId && e.patch.kind === 'delete' && (e.expiresAt === null || e.expiresAt > now));
}
