import { Worker } from 'node:worker_threads';
import { types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { traceStatement } from '../lib/tracing/tracing';

/**
 * The embedded database on a thread of its own (`pglite.worker.mjs`), so that PostgreSQL's work —
 * parsing and storing a 4.85 MB document takes PGlite over 100 ms — never holds Bree's event loop.
 *
 * The main thread sends one message per call and the worker answers it by id:
 * - `query` and `exec`, on the database or inside an open transaction (`tx`);
 * - `begin` opens a PGlite transaction that stays open until `end` commits or rolls it back, so a
 *   transaction's statements run one after another on the worker while the caller's code runs here;
 * - `listen` and `unlisten` (notifications come back as `notify` messages), `dump`, `close`.
 * PGlite still runs one statement at a time: a transaction holds the others back, as it always did.
 */
export interface PgliteThread {
  /** Looks like a PGlite to drizzle: `query`, `exec`, `transaction`. */
  client: PGlite;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The data directory as PGlite's gzipped tarball, after a checkpoint. */
  dump(): Promise<Buffer>;
  readonly closed: boolean;
  close(): Promise<void>;
}

interface PlainError {
  name: string;
  message: string;
  [field: string]: unknown;
}

type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; error: PlainError }
  | { kind: 'answer'; id: number; value?: unknown; error?: PlainError }
  | { kind: 'notify'; channel: string; payload: string };

type Call = (message: Record<string, unknown>) => Promise<unknown>;

/** PGlite's own words once it is closed, which `db/unreachable.ts` recognises. */
const closedError = () => new Error('PGlite is closed');

/** An error from the worker with its fields (the SQLSTATE `code`, `detail`…) and this thread's stack, which names the caller. */
function fromPlain(plain: PlainError): Error {
  return Object.assign(new Error(plain.message), plain);
}

const JSON_TYPES = new Set<number>([types.JSON, types.JSONB]);

/** Parses the JSON columns the worker sent as text (`pglite.worker.mjs` says why). */
function withJsonParsed<T>(result: Results<T>): Results<T> {
  const columns = result.fields.flatMap((field, index) => (JSON_TYPES.has(field.dataTypeID) ? [{ index, name: field.name }] : []));
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown as Array<Record<string | number, unknown>>) {
    for (const { index, name } of columns) {
      const key = Array.isArray(row) ? index : name;
      if (typeof row[key] === 'string') row[key] = JSON.parse(row[key]);
    }
  }
  return result;
}

/** What drizzle and pg-boss call on a PGlite or on one of its transactions. */
class ThreadClient {
  constructor(
    private readonly call: Call,
    private readonly isClosed: () => boolean,
    private readonly tx?: number,
  ) {}

  get closed(): boolean {
    return this.isClosed();
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // drizzle's only parsers keep dates and intervals as text; the worker holds the same ones.
    const message = { op: 'query', sql, params, rowMode: options?.rowMode, keepText: options?.parsers !== undefined, tx: this.tx };
    // Each statement is a span when traces are on: its text only, never its parameters.
    return traceStatement(sql, () => this.call(message) as Promise<Results<T>>).then(withJsonParsed);
  }

  async exec(sql: string): Promise<Results[]> {
    return ((await traceStatement(sql, () => this.call({ op: 'exec', sql, tx: this.tx }))) as Results[]).map(withJsonParsed);
  }

  async transaction<T>(run: (tx: ThreadClient) => Promise<T>): Promise<T> {
    // The worker names an open transaction by the id of the message that began it.
    const tx = (await this.call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await run(new ThreadClient(this.call, this.isClosed, tx));
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }
}

/**
 * Starts the worker and opens `location` there ('memory://' or a folder), from `loadDataDir` (a
 * tarball) when given. Rejects with PGlite's own error when it cannot open.
 */
export async function openPgliteThread({ location, loadDataDir }: { location: string; loadDataDir?: Uint8Array }): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite.worker.mjs', import.meta.url), {
    workerData: { location, loadDataDir },
    transferList: loadDataDir ? [loadDataDir.buffer as ArrayBuffer] : [],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closed = false;
  // Like a socket: the worker keeps the process alive only while an answer is awaited.
  const holdProcess = () => (pending.size > 0 ? worker.ref() : worker.unref());

  let closing = false;
  const ended = (error: Error) => {
    // Every later query answers 'PGlite is closed' (503 to requests, /api/ready false): say why once.
    if (!closed && !closing && opening === null) console.error(`The embedded database stopped unexpectedly (${error.message}). Restart Bree.`);
    closed = true;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    holdProcess();
  };

  let opening: { ready: () => void; failed: (error: Error) => void } | null = null;
  const opened = new Promise<void>((ready, failed) => (opening = { ready, failed }));
  worker.on('message', (message: FromWorker) => {
    if (message.kind === 'ready') opening?.ready();
    if (message.kind === 'failed') opening?.failed(fromPlain(message.error));
    if (message.kind === 'notify') for (const handler of channels.get(message.channel) ?? []) handler(message.payload);
    if (message.kind !== 'answer') return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    holdProcess();
    if (message.error) waiting?.reject(fromPlain(message.error));
    else waiting?.resolve(message.value);
  });
  worker.on('error', (error) => {
    opening?.failed(error);
    ended(error);
  });
  worker.on('exit', () => {
    opening?.failed(closedError());
    ended(closedError());
  });
  await opened;
  opening = null;
  holdProcess();

  const call: Call = (message) => {
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      if (closed) return reject(closedError());
      pending.set(id, { resolve, reject });
      holdProcess();
      try {
        worker.postMessage({ ...message, id });
      } catch (error) {
        // A value that cannot be copied to another thread (a function, a symbol) never left.
        pending.delete(id);
        holdProcess();
        reject(error as Error);
      }
    });
  };

  return {
    client: new ThreadClient(call, () => closed) as unknown as PGlite,
    async listen(channel, onPayload) {
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
        // A channel the worker could not listen on is not kept as if it did.
        await call({ op: 'listen', channel }).catch((error: unknown) => {
          channels.delete(channel);
          throw error;
        });
      }
      handlers.add(onPayload);
      return async () => {
        handlers.delete(onPayload);
        if (handlers.size > 0 || closed) return;
        channels.delete(channel);
        await call({ op: 'unlisten', channel });
      };
    },
    async dump() {
      const bytes = (await call({ op: 'dump' })) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    get closed() {
      return closed;
    },
    async close() {
      if (closed) return;
      closing = true;
      await call({ op: 'close' });
      closed = true;
      await worker.terminate();
    },
  };
}
