import type { OperationStreamEvent } from '@bree/contracts';
import type { Notification, NotificationHub } from '../../../db/notifications';
import type { OperationRegistry } from './operations.registry';

/** One channel for every operation's events; the payload names the operation and its tenant. */
export const OPERATION_EVENTS_CHANNEL = 'bree_ai_operation_events';

/**
 * Events of one operation from `from` on, in order; a follower asking the running process for them
 * all; or the author's cancel, for the process that runs the operation.
 */
type LiveMessage =
  | { kind: 'events'; operationId: string; tenantId: string; from: number; events: OperationStreamEvent[] }
  | { kind: 'replay'; operationId: string; tenantId: string }
  | { kind: 'cancel'; operationId: string; tenantId: string };

/** Stops an operation this process runs, when it does (the runner's cancel). */
export type CancelHook = (args: { tenantId: string; operationId: string }) => void;

interface Follower {
  tenantId: string;
  listener: (event: OperationStreamEvent) => void;
  /** The process whose run this follower shows: a run elsewhere (a retry after a crash) has its own numbering. */
  run: string | null;
  next: number;
  /** Events past a gap, kept until the replay fills it. */
  ahead: Map<number, OperationStreamEvent>;
  /** `next` when a replay was last asked for, so one gap asks once. */
  askedAt: number;
  /** Asks again while the running process has not answered (its LISTEN may have come after the first ask). */
  reask: ReturnType<typeof setInterval> | null;
}

/** How often a follower that has heard nothing yet asks the running process again. */
const REASK_MS = 1_000;

const isEnd = (event: OperationStreamEvent): boolean => event.event !== 'delta';

/**
 * Live events of AI operations across Bree processes (what another process must see lives in
 * PostgreSQL: docs/ASSISTANT.md). The process running an operation tells its own subscribers first, straight
 * from the registry. Only an operation some other process follows is published: a follower asks the
 * running process to replay the events so far, and from then on that process publishes each event
 * with its sequence number on one NOTIFY channel, batched while a send is under way. (Publishing
 * every token of every operation would cost a statement per token, and NOTIFY serialises commits
 * across the whole database.) The follower takes events in sequence order: a gap asks for a replay
 * again, and whatever never arrives is covered by the stored answer the operations service polls for.
 */
export function createOperationLive({ hub, registry, reaskMs = REASK_MS }: { hub: NotificationHub; registry: OperationRegistry; reaskMs?: number }) {
  const followers = new Map<string, Set<Follower>>();
  /** Operations this process runs that a process elsewhere follows: their events are published. */
  const followedElsewhere = new Set<string>();
  const outbox: Array<Extract<LiveMessage, { kind: 'events' }>> = [];
  let flushing = false;
  let onCancel: CancelHook = () => undefined;

  const send = (message: LiveMessage): Promise<void> => hub.notify(OPERATION_EVENTS_CHANNEL, JSON.stringify(message));

  /** Sends queued events one message per operation and batch; events emitted meanwhile join the next batch. */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (outbox.length > 0) {
        const batch = outbox.splice(0);
        for (const message of batch) await send(message).catch(() => undefined);
      }
    } finally {
      flushing = false;
    }
  }

  registry.onEmit(({ operationId, tenantId, seq, event }) => {
    if (!followedElsewhere.has(operationId)) return;
    if (isEnd(event)) followedElsewhere.delete(operationId);
    const last = outbox.at(-1);
    if (last && last.operationId === operationId && last.from + last.events.length === seq) last.events.push(event);
    else outbox.push({ kind: 'events', operationId, tenantId, from: seq, events: [event] });
    void flush();
  });

  function askReplay(operationId: string, follower: Follower): void {
    follower.askedAt = follower.next;
    void send({ kind: 'replay', operationId, tenantId: follower.tenantId }).catch(() => undefined);
  }

  function take(operationId: string, follower: Follower, origin: string, message: Extract<LiveMessage, { kind: 'events' }>): void {
    if (message.tenantId !== follower.tenantId) return;
    if (follower.run === null) {
      follower.run = origin;
      stopAsking(follower);
      // The first ask may have gone out before the running process listened: a gap now asks again.
      follower.askedAt = -1;
    }
    if (follower.run !== origin) return;
    message.events.forEach((event, i) => {
      const seq = message.from + i;
      if (seq >= follower.next) follower.ahead.set(seq, event);
    });
    for (let event = follower.ahead.get(follower.next); event; event = follower.ahead.get(follower.next)) {
      follower.ahead.delete(follower.next);
      follower.next += 1;
      follower.listener(event);
      if (isEnd(event)) return stopFollowing(operationId, follower);
    }
    if (follower.ahead.size > 0 && follower.askedAt !== follower.next) askReplay(operationId, follower);
  }

  function stopAsking(follower: Follower): void {
    if (follower.reask) clearInterval(follower.reask);
    follower.reask = null;
  }

  function stopFollowing(operationId: string, follower: Follower): void {
    stopAsking(follower);
    const set = followers.get(operationId);
    set?.delete(follower);
    if (set?.size === 0) followers.delete(operationId);
  }

  function receive({ origin, payload }: Notification): void {
    // This process's own messages: its subscribers had the events straight from the registry.
    if (origin === hub.origin) return;
    let message: LiveMessage;
    try {
      message = JSON.parse(payload) as LiveMessage;
    } catch {
      return;
    }
    if (message.kind === 'cancel') {
      // Only the process running it stops it (the runner checks the tenant); the others ignore it.
      onCancel({ tenantId: message.tenantId, operationId: message.operationId });
      return;
    }
    if (message.kind === 'replay') {
      // Only the process that runs (or just ran) it has its events; the others stay silent.
      const events = registry.eventsOf({ tenantId: message.tenantId, operationId: message.operationId });
      if (!events) return;
      // Its later events are published too, until its end (the replay and they are sent in order).
      if (!events.some(isEnd)) followedElsewhere.add(message.operationId);
      if (events.length > 0) {
        outbox.push({ kind: 'events', operationId: message.operationId, tenantId: message.tenantId, from: 0, events });
        void flush();
      }
      return;
    }
    for (const follower of [...(followers.get(message.operationId) ?? [])]) take(message.operationId, follower, origin, message);
  }

  const ready = hub.listen(OPERATION_EVENTS_CHANNEL, receive);
  // Messages sent while the LISTEN connection was down are gone: every follower asks again.
  hub.onReconnect(() => {
    for (const [operationId, set] of followers) for (const follower of set) askReplay(operationId, follower);
  });

  return {
    /** Resolves once this process listens (from then on it gets every published event). */
    ready: (): Promise<void> => ready,

    /** What a cancel sent by another process does here (services.ts gives the runner's cancel). */
    onCancel(hook: CancelHook): void {
      onCancel = hook;
    },

    /** Asks the process that runs this tenant's operation to stop it (docs/ASSISTANT.md "Ask AI"). */
    cancel: ({ tenantId, operationId }: { tenantId: string; operationId: string }): Promise<void> =>
      ready.then(() => send({ kind: 'cancel', operationId, tenantId })),

    /**
     * Follows an operation another process runs: its events so far, then live ones, each once and
     * in order, until its end. Returns the function that stops following.
     */
    follow({ tenantId, operationId, listener }: { tenantId: string; operationId: string; listener: (event: OperationStreamEvent) => void }): () => void {
      const follower: Follower = { tenantId, listener, run: null, next: 0, ahead: new Map(), askedAt: -1, reask: null };
      const set = followers.get(operationId) ?? new Set();
      followers.set(operationId, set.add(follower));
      // Asked once listening, so the replay cannot pass by unheard; asked again until it is answered.
      void ready.then(() => {
        if (!followers.get(operationId)?.has(follower)) return;
        askReplay(operationId, follower);
        follower.reask = setInterval(() => askReplay(operationId, follower), reaskMs);
        follower.reask.unref();
      });
      return () => stopFollowing(operationId, follower);
    },
  };
}
export type OperationLive = ReturnType<typeof createOperationLive>;
