import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteExtensions } from './pglite-extensions.mjs';
import { acquirePgliteLock, type PgliteLock } from './pglite-lock';
import { openPgliteThread, type PgliteThread } from './pglite-thread';
import { tracedPgClient } from '../lib/tracing/tracing.pg';
import { postgresConnector } from './postgres-hosts';
import { CONNECT_TIMEOUT_MS, probePostgres } from './postgres-probe';
import { extractPgliteTemplate, readPgliteTemplateTar } from './pglite-template-extract';
import { INSTALL_TEMPLATE_DIR, isEmptyPgliteFolder, pgliteTemplateFile, pgliteTemplateKey, readPgliteTemplateInputs } from './pglite-template';

/**
 * The one database type every repository takes: PGlite and node-postgres look the same here.
 * It knows no tables: each module imports its own from its *.table.ts (no relational queries).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with positional parameters; used by pg-boss and benchmarks. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** pg-boss's database interface: one or more statements, answered as `{ rows }` of the last. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Applies pending migrations, under the start-up lock. */
  migrate(): Promise<void>;
  /**
   * Runs set-up that several starting processes must not run at once (migrations, pg-boss's schema
   * and queues) while holding the start-up lock; PGlite serves one process, so there it just runs.
   */
  withStartupLock<T>(setUp: () => Promise<T>): Promise<T>;
  /** A connection of its own that receives NOTIFY messages (`db/notifications.ts` keeps it open). */
  openListener(): Promise<ListenerConnection>;
  close(): Promise<void>;
  /** The embedded database's files as PGlite's gzipped tarball, taken between two queries (PGlite only). */
  dumpEmbedded?(): Promise<Buffer>;
  /** The connection pool's use now, for the metrics (PostgreSQL only: PGlite has one connection in this process). */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
}

/** One LISTEN connection: node-postgres opens a client outside the pool; PGlite, one process, listens in place. */
export interface ListenerConnection {
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** Called once when the connection breaks (never for PGlite); the owner opens a new one. */
  onLost(handler: (error: unknown) => void): void;
  close(): Promise<void>;
}

/**
 * The key of the session-level advisory lock (`pg_advisory_lock`) every Bree process takes for its
 * start-up set-up on PostgreSQL: two processes creating pg-boss's queues together on a new database
 * deadlock, and two running migrations would race. Documented in docs/DEPLOY.md.
 */
export const STARTUP_LOCK_KEY = 727001;

/** Thrown by `openListener` once the database is closed: nothing will open a connection to it again. */
export class DatabaseClosedError extends Error {
  constructor() {
    super('the database is closed');
    this.name = 'DatabaseClosedError';
  }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The key of the embedded database template this install would use now (`db/pglite-template.ts`). */
export function currentPgliteTemplateKey(): string {
  return pgliteTemplateKey(
    readPgliteTemplateInputs({
      migrationsFolder,
      extensionNames: Object.keys(pgliteExtensions),
      packageNames: ['@electric-sql/pglite', '@electric-sql/pglite-pgvector'],
    }),
  );
}

/**
 * Opens the database: `postgres://…` → a node-postgres pool; otherwise PGlite, stored in
 * `<dataDir>/pglite` or kept in memory when dataDir is 'memory://'. A new `<dataDir>/pglite`, or one
 * in memory, starts from the migrated template in `templateDir` when one with the current key is
 * there (null: never). An on-disk PGlite is opened only under the data dir's lock (`pglite-lock.ts`):
 * `lock` when the caller took it already (Bree's start, before it checks its port), else taken here;
 * the database releases it when it closes or fails to open.
 */
export async function createDatabase(opts: { url?: string; dataDir: string; templateDir?: string | null; lock?: PgliteLock }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  const templateDir = opts.templateDir === undefined ? INSTALL_TEMPLATE_DIR : opts.templateDir;
  if (opts.dataDir === 'memory://') return openPglite({ location: 'memory://', templateDir, lock: null });
  const lock = opts.lock ?? acquirePgliteLock({ dataDir: opts.dataDir });
  try {
    return await openPglite({ location: path.resolve(opts.dataDir, 'pglite'), templateDir, lock });
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** The template file with the current key in `templateDir`, or null when none was made yet. */
function findTemplate(templateDir: string): string | null {
  try {
    const file = pgliteTemplateFile({ cacheDir: templateDir, key: currentPgliteTemplateKey() });
    return existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

/**
 * Opens an on-disk folder on the database's thread. A new (missing or empty) folder is unpacked from
 * the template when one exists and then opened like any existing database (one PGlite.create);
 * otherwise PGlite's own initdb makes it. A template that fails is removed and the folder is made
 * as before: the template only ever saves time.
 */
async function openFolder(location: string, templateDir: string | null): Promise<PgliteThread> {
  const template = templateDir && isEmptyPgliteFolder(location) ? findTemplate(templateDir) : null;
  if (template) {
    let unpacked = false;
    try {
      await extractPgliteTemplate({ file: template, location });
      unpacked = true;
      return await openPgliteThread({ location });
    } catch {
      await rm(template, { force: true }).catch(() => undefined);
      // The folder was empty before: once unpacked, what is in it came from the template alone.
      if (unpacked) await rm(location, { recursive: true, force: true });
    }
  }
  await mkdir(location, { recursive: true });
  return openPgliteThread({ location });
}

/** A database in memory: loaded from the template when one exists (what each test worker opens), else made by initdb. */
async function openInMemory(templateDir: string | null): Promise<PgliteThread> {
  const template = templateDir ? findTemplate(templateDir) : null;
  if (template) {
    try {
      return await openPgliteThread({ location: 'memory://', loadDataDir: new Uint8Array(await readPgliteTemplateTar(template)) });
    } catch {
      await rm(template, { force: true }).catch(() => undefined);
    }
  }
  return openPgliteThread({ location: 'memory://' });
}

async function openPglite({ location, templateDir, lock }: { location: string; templateDir: string | null; lock: PgliteLock | null }): Promise<Database> {
  const thread = location === 'memory://' ? await openInMemory(templateDir) : await openFolder(location, templateDir);
  const { client } = thread;
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const result = await client.query<T>(text, params);
      return result.rows;
    },
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      // Without parameters the text may hold several statements (pg-boss's schema install).
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    },
    withStartupLock: (setUp) => setUp(),
    async openListener() {
      const stops: Array<() => Promise<void>> = [];
      return {
        async listen(channel, onPayload) {
          stops.push(await thread.listen(channel, onPayload));
        },
        onLost: () => undefined,
        async close() {
          if (!thread.closed) await Promise.all(stops.map((stop) => stop()));
        },
      };
    },
    async close() {
      await thread.close();
      lock?.release();
    },
    dumpEmbedded: () => thread.dump(),
  };
}

/** Creates the embedded database folder `dir` (which must not exist yet) from a {@link Database.dumpEmbedded} tarball. */
export async function loadPgliteDump({ dir, dump }: { dir: string; dump: Buffer }): Promise<void> {
  const client = await PGlite.create(dir, { extensions: pgliteExtensions, loadDataDir: new Blob([new Uint8Array(dump)]) });
  await client.close();
}

async function openPostgres(url: string): Promise<Database> {
  // Several hosts with target_session_attrs=read-write: every connection goes to the one that accepts
  // writes, found again after a failover (postgres-hosts.ts); one host: node-postgres as it is.
  const connector = postgresConnector({ url, timeoutMs: CONNECT_TIMEOUT_MS });
  const { Client } = connector;
  // One connection first, with a time limit: a start on a database it cannot reach ends in seconds, in one line.
  await probePostgres({ url, Client, clientUrl: connector.url });
  // Each statement of the pool is a span when traces are on (docs/OPERATIONS.md "Traces").
  const pool = new pg.Pool({ connectionString: connector.url, max: 10, Client: tracedPgClient(Client) });
  // An idle connection the server ends (a restart, a failover, an administrator's kill) leaves the
  // pool, and the next query opens another; unheard, node-postgres would throw it and end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  let closed = false;
  // A dedicated connection holds the lock: a session-level lock belongs to the connection that took it.
  const withStartupLock = async <T>(setUp: () => Promise<T>): Promise<T> => {
    const holder = await pool.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await setUp();
      } finally {
        await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      holder.release();
    }
  };
  /** LISTEN connections end with the database: nobody waits for notifications from a closed one. */
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    async query<T>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as T[];
    },
    async executeSql(text: string, values?: unknown[]) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
      return { rows: last?.rows ?? [] };
    },
    async migrate() {
      await withStartupLock(() => migratePg(drizzlePg({ client: pool }), { migrationsFolder }));
    },
    withStartupLock,
    async openListener() {
      if (closed) throw new DatabaseClosedError();
      const client = new Client({ connectionString: connector.url });
      listeners.add(client);
      const handlers = new Map<string, (payload: string) => void>();
      let lost: (error: unknown) => void = () => undefined;
      let ended = false;
      const fail = (error: unknown) => {
        if (ended) return;
        ended = true;
        listeners.delete(client);
        void client.end().catch(() => undefined);
        if (!closed) lost(error);
      };
      client.on('notification', (message) => handlers.get(message.channel)?.(message.payload ?? ''));
      client.on('error', fail);
      client.on('end', () => fail(new Error('LISTEN connection ended')));
      await client.connect().catch((error: unknown) => {
        listeners.delete(client);
        throw error;
      });
      return {
        async listen(channel, onPayload) {
          handlers.set(channel, onPayload);
          await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        },
        onLost(handler) {
          lost = handler;
        },
        async close() {
          if (ended) return;
          ended = true;
          listeners.delete(client);
          await client.end();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs a raw drizzle `sql` query and returns its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}

const dialect = new PgDialect();

/**
 * `selectRows` for a statement on the hottest paths, whose text takes few shapes (its values are
 * parameters). On PostgreSQL it is prepared once per connection, under a name taken from its text,
 * so the server plans it once instead of on every call (about 0.4 ms a statement before an AI
 * call's first word). PGlite keeps no prepared statements: there it runs as `selectRows` does.
 * Needs a session of its own, as Bree does anyway (docs/DEPLOY.md: no pooler in transaction mode).
 */
export async function selectPreparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = `bree_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 20)}`;
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as { rows?: T[] };
  return result.rows ?? [];
}
