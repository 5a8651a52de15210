import type { OperationStreamEvent } from '@bree/contracts';

type Listener = (event: OperationStreamEvent) => void;

interface LiveOperation {
  tenantId: string;
  events: OperationStreamEvent[];
  finished: boolean;
  listeners: Set<Listener>;
}

/** How long a finished operation stays replayable from memory; later the stored response answers. */
const RETENTION_MS = 5 * 60_000;

/** Told of every event after this process's own subscribers: `seq` is its place in the operation (0, 1, …). */
export type EmitHook = (args: { operationId: string; tenantId: string; seq: number; event: OperationStreamEvent }) => void;

/**
 * Running operations held in memory so any number of SSE subscribers, early or late, see
 * every event once: a subscriber first gets the events so far, then live ones. It holds the
 * operations this process runs; `onEmit` carries them to other processes (operations.live.ts),
 * and what outlives the process is the stored response.
 */
export function createOperationRegistry({ retentionMs = RETENTION_MS }: { retentionMs?: number } = {}) {
  const operations = new Map<string, LiveOperation>();
  let onEmit: EmitHook = () => undefined;

  function emit(operationId: string, event: OperationStreamEvent): void {
    const op = operations.get(operationId);
    if (!op || op.finished) return;
    op.events.push(event);
    if (event.event !== 'delta') {
      op.finished = true;
      setTimeout(() => operations.delete(operationId), retentionMs).unref();
    }
    for (const listener of op.listeners) listener(event);
    if (op.finished) op.listeners.clear();
    onEmit({ operationId, tenantId: op.tenantId, seq: op.events.length - 1, event });
  }

  return {
    /** Registers an operation; again for the same id (a job run after its start) keeps what it has. */
    create({ operationId, tenantId }: { operationId: string; tenantId: string }): void {
      if (operations.has(operationId)) return;
      operations.set(operationId, { tenantId, events: [], finished: false, listeners: new Set() });
    },
    emit,
    /** Where every emitted event goes after the local subscribers (one hook: the cross-process fan-out). */
    onEmit(hook: EmitHook): void {
      onEmit = hook;
    },
    /** This tenant's operation's events so far, when this process runs it (or ran it recently); else null. */
    eventsOf({ tenantId, operationId }: { tenantId: string; operationId: string }): OperationStreamEvent[] | null {
      const op = operations.get(operationId);
      return op && op.tenantId === tenantId ? [...op.events] : null;
    },
    /**
     * Replays past events to `listener`, then forwards new ones until the end. Returns an
     * unsubscribe function, or null when this tenant has no such live operation.
     */
    subscribe({ tenantId, operationId, listener }: { tenantId: string; operationId: string; listener: Listener }): (() => void) | null {
      const op = operations.get(operationId);
      if (!op || op.tenantId !== tenantId) return null;
      for (const event of op.events) listener(event);
      if (op.finished) return () => undefined;
      op.listeners.add(listener);
      return () => op.listeners.delete(listener);
    },
  };
}
export type OperationRegistry = ReturnType<typeof createOperationRegistry>;
