/**
 * Who has which document open, as this process knows it (its own clients' heartbeats and the other
 * processes' ones heard on the hub): plain memory, since presence is worth nothing once it is a minute
 * old, and every entry ends by itself when its window stops saying it is there (docs/COLLABORATION.md).
 */

/** The person behind a window, as the answer names them. */
export interface PresenceIdentity {
  /** The account's subject: never sent to other people. */
  personId: string;
  name: string;
}

export interface PresenceEntry extends PresenceIdentity {
  sessionId: string;
  seenAt: number;
  /** The window's own order of its messages (its clock when it sent this); `seenAt` when it gave none. */
  order?: number;
}

/** A person with the document open, their windows counted (the caller's own window left out). */
export interface PresenceGroup extends PresenceIdentity {
  windows: number;
}

/** Bounds on what one document can hold, so no client can grow this process's memory. */
export const MAX_WINDOWS_PER_DOCUMENT = 200;
export const MAX_WINDOWS_PER_PERSON = 20;
/** Goodbyes remembered at most (the oldest forgotten first): no stream of made-up windows can grow them. */
export const MAX_DEPARTED = 10_000;

export function createPresenceRegistry({ expiryMs }: { expiryMs: number }) {
  /** fileId → (personId + session) → entry; a window is its person's own, so nobody can end another's. */
  const documents = new Map<string, Map<string, PresenceEntry>>();
  /**
   * Windows that said goodbye, and when: a heartbeat sent before the goodbye but heard after it (another
   * process's message overtaken on the hub) must not bring the window back. Kept as long as an entry would be.
   */
  const departed = new Map<string, { at: number; order: number }>();
  const keyOf = (personId: string, sessionId: string) => `${personId} ${sessionId}`;

  function live(fileId: string, now: number): Map<string, PresenceEntry> | undefined {
    const windows = documents.get(fileId);
    if (!windows) return undefined;
    for (const [key, entry] of windows) if (now - entry.seenAt >= expiryMs) windows.delete(key);
    if (windows.size === 0) documents.delete(fileId);
    return windows.size === 0 ? undefined : windows;
  }

  return {
    /** A window says it is there (at `seenAt`); an older heartbeat than the one known changes nothing. */
    touch(fileId: string, entry: PresenceEntry, now: number): void {
      const key = keyOf(entry.personId, entry.sessionId);
      const order = entry.order ?? entry.seenAt;
      const gone = departed.get(`${fileId} ${key}`);
      if (gone !== undefined && gone.order >= order) return;
      const windows = live(fileId, now) ?? new Map<string, PresenceEntry>();
      const known = windows.get(key);
      if (known && (known.order ?? known.seenAt) >= order) return;
      if (!known) {
        if (windows.size >= MAX_WINDOWS_PER_DOCUMENT) return;
        let mine = 0;
        for (const other of windows.values()) if (other.personId === entry.personId) mine += 1;
        if (mine >= MAX_WINDOWS_PER_PERSON) return;
      }
      windows.set(key, { ...entry });
      documents.set(fileId, windows);
    },

    /** A window has closed (heard at `at`; `order` in the window's own order of its messages). */
    leave(fileId: string, personId: string, sessionId: string, at: number, order: number = at): void {
      const key = keyOf(personId, sessionId);
      const departure = `${fileId} ${key}`;
      const before = departed.get(departure);
      departed.delete(departure);
      departed.set(departure, { at: Math.max(at, before?.at ?? 0), order: Math.max(order, before?.order ?? 0) });
      if (departed.size > MAX_DEPARTED) departed.delete(departed.keys().next().value!);
      const windows = documents.get(fileId);
      windows?.delete(key);
      if (windows?.size === 0) documents.delete(fileId);
    },

    /** A person lost access to the document: every window of theirs there is gone at once. */
    revoke(fileId: string, personId: string): void {
      const windows = documents.get(fileId);
      if (!windows) return;
      for (const [key, entry] of windows) if (entry.personId === personId) windows.delete(key);
      if (windows.size === 0) documents.delete(fileId);
    },

    /** Everyone with the document open but the asking window, one group per person. */
    others(fileId: string, asking: { personId: string; sessionId: string }, now: number): PresenceGroup[] {
      const groups = new Map<string, PresenceGroup>();
      for (const entry of live(fileId, now)?.values() ?? []) {
        if (entry.personId === asking.personId && entry.sessionId === asking.sessionId) continue;
        const group = groups.get(entry.personId);
        if (group) {
          group.windows += 1;
          // The latest name wins (a rename shows at the next heartbeat).
          group.name = entry.name;
        } else groups.set(entry.personId, { personId: entry.personId, name: entry.name, windows: 1 });
      }
      return [...groups.values()];
    },

    /** Drops every window not heard from in time (a timer calls it, so closed documents do not stay). */
    sweep(now: number): void {
      for (const fileId of [...documents.keys()]) live(fileId, now);
      for (const [key, { at }] of departed) if (now - at >= expiryMs) departed.delete(key);
    },

    /** How many documents and goodbyes are held (memory stays bounded: the sweep empties both). */
    size: (): number => documents.size + departed.size,
  };
}
export type PresenceRegistry = ReturnType<typeof createPresenceRegistry>;
