/** After a tag update for a file settles, further ones for it are ignored this long (docs/PRODUCT.md#documents). */
export const TAG_GUARD_MS = 500;

export interface TagGuard {
  /** Claims the file for a tag update; false while one runs or within the guard after it. */
  tryBegin(fileId: string): boolean;
  /** The update settled; the guard window starts now. */
  end(fileId: string): void;
  isBlocked(fileId: string): boolean;
}

/** Keeps double clicks and racing menus from sending overlapping tag updates for one file. */
export function createTagGuard({ now = () => Date.now(), guardMs = TAG_GUARD_MS }: { now?: () => number; guardMs?: number } = {}): TagGuard {
  const running = new Set<string>();
  const settledAt = new Map<string, number>();

  const isBlocked = (fileId: string) => {
    if (running.has(fileId)) return true;
    const at = settledAt.get(fileId);
    if (at === undefined) return false;
    if (now() - at < guardMs) return true;
    settledAt.delete(fileId);
    return false;
  };

  return {
    tryBegin(fileId) {
      if (isBlocked(fileId)) return false;
      running.add(fileId);
      return true;
    },
    end(fileId) {
      running.delete(fileId);
      settledAt.set(fileId, now());
    },
    isBlocked,
  };
}
