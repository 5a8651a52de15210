import { createHash } from 'node:crypto';
import { PRESENCE_EXPIRY_SECONDS, type PresenceAnswer } from '@bree/contracts';
import type { NotificationHub } from '../../db/notifications';
import { createPresenceRegistry, type PresenceIdentity } from './presence.registry';

/** Where each process tells the others of a window arriving, staying or leaving. */
export const PRESENCE_CHANNEL = 'bree_presence';

/** Who asks: the signed-in person, by the token's subject and the tenant whose documents are theirs. */
export interface PresenceCaller {
  tenantId: string;
  sub: string;
  name: string | undefined;
  email: string | undefined;
}

/** A heartbeat or a goodbye as the hub carries it. */
interface Wire extends PresenceIdentity {
  fileId: string;
  sessionId: string;
  seenAt: number;
  /** The window's own order of its messages (its clock), when it gave one. */
  order?: number;
  leave?: true;
  /** The person lost access (the owner removed them): all their windows go. */
  revoke?: true;
}

/**
 * Presence (docs/COLLABORATION.md "Presence"): who else has a document open, across every process.
 * Each process keeps the windows it hears of in memory (presence.registry.ts) and passes its own
 * clients' heartbeats and goodbyes to the others on the hub; a process that starts, or whose LISTEN
 * connection came back, knows everyone again within one heartbeat. Who may be told is decided by
 * `revisionIfOpenable` — the document routes' own rule — before anything is read or kept.
 */
export function createPresenceService({
  revisionIfOpenable,
  hub,
  now = () => Date.now(),
  sweepEveryMs = 60_000,
}: {
  /** The document's revision when the caller may open it; else throws the document routes' 404. */
  revisionIfOpenable: (caller: PresenceCaller, fileId: string) => Promise<number>;
  hub?: Pick<NotificationHub, 'origin' | 'listen' | 'notify'> | null;
  now?: () => number;
  sweepEveryMs?: number;
}) {
  const registry = createPresenceRegistry({ expiryMs: PRESENCE_EXPIRY_SECONDS * 1000 });
  const apply = (wire: Wire) =>
    wire.revoke
      ? registry.revoke(wire.fileId, wire.personId)
      : wire.leave
        ? registry.leave(wire.fileId, wire.personId, wire.sessionId, wire.seenAt, wire.order)
        : registry.touch(
            wire.fileId,
            {
              personId: wire.personId,
              name: wire.name,
              sessionId: wire.sessionId,
              seenAt: wire.seenAt,
              ...(wire.order !== undefined ? { order: wire.order } : {}),
            },
            now(),
          );
  const listening = hub
    ? hub.listen(PRESENCE_CHANNEL, ({ origin, payload }) => {
        // This process's own messages were applied when sent.
        if (origin === hub.origin) return;
        try {
          apply(JSON.parse(payload) as Wire);
        } catch {
          // Not a presence message of ours: nothing to keep.
        }
      })
    : Promise.resolve();
  // Windows of documents nobody asks about any more still end in time.
  const sweeper = setInterval(() => registry.sweep(now()), sweepEveryMs);
  sweeper.unref();

  function identity(caller: PresenceCaller): PresenceIdentity {
    return { personId: caller.sub, name: caller.name?.trim() || caller.email || 'Someone' };
  }

  /** Applies here and tells the other processes. */
  async function share(wire: Wire): Promise<void> {
    apply(wire);
    await hub?.notify(PRESENCE_CHANNEL, JSON.stringify(wire));
  }

  return {
    /** Waits until this process hears the others (the app awaits it before serving). */
    ready: (): Promise<void> => listening,

    /** This window is here: kept for PRESENCE_EXPIRY_SECONDS; answers everyone else with the document open, and its revision. */
    async here(caller: PresenceCaller, fileId: string, sessionId: string, sentAt?: number): Promise<PresenceAnswer> {
      const revision = await revisionIfOpenable(caller, fileId);
      const who = identity(caller);
      const at = now();
      await share({ ...who, fileId, sessionId, seenAt: at, order: sentAt ?? at });
      const groups = registry.others(fileId, { personId: who.personId, sessionId }, now());
      // Keys differ per document, so a key says nothing about the same person elsewhere.
      const keyOf = (personId: string) => createHash('sha256').update(`${fileId} ${personId}`).digest('base64url').slice(0, 16);
      const people = groups
        .map((group) => ({ key: keyOf(group.personId), name: group.name, you: group.personId === who.personId, windows: group.windows }))
        .sort((a, b) => Number(a.you) - Number(b.you) || a.name.localeCompare(b.name));
      return { people, revision };
    },

    /**
     * This window has closed. Asked of any document: it can only end the caller's own window and says
     * nothing back, and a window leaving a document just deleted or unshared must not be refused.
     */
    async leave(caller: PresenceCaller, fileId: string, sessionId: string, sentAt?: number): Promise<void> {
      const at = now();
      await share({ ...identity(caller), fileId, sessionId, seenAt: at, order: sentAt ?? at, leave: true });
    },

    /**
     * The owner removed a person: their windows leave every process's list at once, not at their
     * expiry (their heartbeats are refused from now on). `personId` is their account (tenant) id.
     */
    async revoke(fileId: string, personId: string): Promise<void> {
      await share({ personId, name: '', fileId, sessionId: '', seenAt: now(), revoke: true });
    },

    close(): void {
      clearInterval(sweeper);
    },
  };
}
export type PresenceService = ReturnType<typeof createPresenceService>;
