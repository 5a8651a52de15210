import { randomUUID } from 'node:crypto';
import { DatabaseClosedError, type Database, type ListenerConnection } from './db';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a part's text stays well under it. */
const PART_CHARS = 2_000;
/** A broken LISTEN connection is opened again after this pause (doubling up to the cap). */
const RECONNECT_MIN_MS = 200;
const RECONNECT_MAX_MS = 5_000;

/** A message as a listener gets it: whole (its parts put together again) and with who sent it. */
export interface Notification {
  /** The hub that sent it: every Bree process (each `createServices`) has its own. */
  origin: string;
  payload: string;
}

type Handler = (notification: Notification) => void;

/**
 * PostgreSQL LISTEN/NOTIFY for every Bree process on one database. It works on PGlite too (the same
 * SQL, in place), where services.ts leaves it out: one process has nobody to tell. Sends go through the pool as `pg_notify`, one at a time, so each channel's messages arrive
 * in the order they were sent; a message over PostgreSQL's 8000-byte limit goes as consecutive
 * parts that the receiving hub joins. Receives come on one dedicated connection, opened again when
 * it breaks (messages sent meanwhile are lost: each user of a channel says how it catches up).
 */
export function createNotificationHub({ database }: { database: Pick<Database, 'query' | 'openListener'> }) {
  const origin = randomUUID();
  /** Where a broken connection or a failed send is told (the app's log, once it exists). */
  let onError: (error: unknown) => void = () => undefined;
  const handlers = new Map<string, Set<Handler>>();
  /** Parts received so far of a message split by its sender, per channel and sender. */
  const partial = new Map<string, { id: string; parts: string[] }>();
  let connection: ListenerConnection | null = null;
  /** The channels the current connection listens on. */
  let listened = new Set<string>();
  let connecting: Promise<void> | null = null;
  let closed = false;
  let delayMs = RECONNECT_MIN_MS;
  let sending: Promise<void> = Promise.resolve();
  const afterReconnect = new Set<() => void>();
  const listenings: Array<Promise<void>> = [];

  /** `origin id index count` then a newline, then this part of the message. */
  function receive(channel: string, raw: string): void {
    const newline = raw.indexOf('\n');
    const [from, id, index, count] = raw.slice(0, newline).split(' ');
    if (!from || !id || index === undefined || count === undefined) return;
    const text = raw.slice(newline + 1);
    let payload = text;
    if (count !== '1') {
      const key = `${channel} ${from}`;
      const sofar = index === '0' ? { id, parts: [] } : partial.get(key);
      // A part missing (sent while this hub reconnected): the message is dropped, as any lost one.
      if (!sofar || sofar.id !== id || sofar.parts.length !== Number(index)) return void partial.delete(key);
      sofar.parts.push(text);
      partial.set(key, sofar);
      if (sofar.parts.length < Number(count)) return;
      partial.delete(key);
      payload = sofar.parts.join('');
    }
    for (const handler of handlers.get(channel) ?? []) handler({ origin: from, payload });
  }

  async function connect(): Promise<void> {
    const again = connection !== null || listened.size > 0;
    while (!closed) {
      try {
        const opened = await database.openListener();
        const channels = new Set(handlers.keys());
        for (const channel of channels) await opened.listen(channel, (raw) => receive(channel, raw));
        opened.onLost((error) => {
          if (connection === opened) connection = null;
          onError(error);
          if (!closed) connecting = connect();
        });
        if (closed) return void (await opened.close());
        connection = opened;
        listened = channels;
        delayMs = RECONNECT_MIN_MS;
        if (again) for (const caughtUp of afterReconnect) caughtUp();
        return;
      } catch (error) {
        // The database closed under this hub (its process is stopping): there is nothing to reconnect to.
        if (error instanceof DatabaseClosedError) return;
        onError(error);
        await new Promise((resolve) => setTimeout(resolve, delayMs).unref());
        delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
      }
    }
  }

  /** Splits a payload into parts under the limit, never between the two halves of a surrogate pair. */
  function split(payload: string): string[] {
    const parts: string[] = [];
    for (let at = 0; at < payload.length || parts.length === 0;) {
      let end = Math.min(at + PART_CHARS, payload.length);
      if (end < payload.length && /[\uD800-\uDBFF]/.test(payload[end - 1] ?? '')) end -= 1;
      parts.push(payload.slice(at, end));
      at = end;
    }
    return parts;
  }

  /** Adds the handler, and listens on the channel once the connection is open. */
  async function listenOn(channel: string, handler: Handler): Promise<void> {
    if (closed) return;
    const known = handlers.get(channel);
    handlers.set(channel, (known ?? new Set()).add(handler));
    if (!connection) {
      connecting ??= connect();
      await connecting;
    }
    if (connection && !listened.has(channel)) {
      listened.add(channel);
      await connection.listen(channel, (raw) => receive(channel, raw));
    }
  }

  return {
    origin,

    /** Starts receiving `channel` on this process's LISTEN connection; resolves once it listens. */
    listen(channel: string, handler: Handler): Promise<void> {
      const listening = listenOn(channel, handler);
      // Reported even when nobody awaits it (a cache that only listens), never left unhandled.
      listening.catch((error: unknown) => onError(error));
      listenings.push(listening);
      return listening;
    },

    /** Resolves once every channel asked for so far is listened on. */
    ready: async (): Promise<void> => void (await Promise.all(listenings)),

    /** Reports a lost LISTEN connection, a failed attempt to open it again, and a failed send. */
    reportErrorsTo(handler: (error: unknown) => void): void {
      onError = handler;
    },

    /** Called each time the LISTEN connection is open again after a break: messages may have been missed. */
    onReconnect(handler: () => void): void {
      afterReconnect.add(handler);
    },

    /** Sends a message to every process listening (this one included), after this hub's earlier ones. */
    notify(channel: string, payload: string): Promise<void> {
      const id = randomUUID().slice(0, 8);
      const parts = split(payload);
      const send = async () => {
        for (const [index, part] of parts.entries()) {
          await database.query('select pg_notify($1, $2)', [channel, `${origin} ${id} ${index} ${parts.length}\n${part}`]);
        }
      };
      const sent = sending.then(send);
      sending = sent.catch((error: unknown) => onError(error));
      return sent;
    },

    /** Stops listening; sends already made still go out first. */
    async close(): Promise<void> {
      closed = true;
      await sending;
      await connecting?.catch(() => undefined);
      await connection?.close().catch(() => undefined);
      connection = null;
    },
  };
}
export type NotificationHub = ReturnType<typeof createNotificationHub>;
