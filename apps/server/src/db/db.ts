import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { removePgliteLock, writePgliteLock } from './pglite-lock';

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
  migrate(): Promise<void>;
  /** A connection of its own that receives NOTIFY messages (`db/notifications.ts` keeps it open). */
  openListener(): Promise<ListenerConnection>;
  close(): Promise<void>;
}

/** One LISTEN connection: node-postgres opens a client outside the pool; PGlite, one process, listens in place. */
export interface ListenerConnection {
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /** Called once when the connection breaks (never for PGlite); the owner opens a new one. */
  onLost(handler: (error: unknown) => void): void;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database: `postgres://…` → a node-postgres pool; otherwise PGlite, stored in
 * `<dataDir>/pglite` or kept in memory when dataDir is 'memory://'.
 */
export async function createDatabase(opts: { url?: string; dataDir: string }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  return openPglite(opts.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  let location = 'memory://';
  if (dataDir !== 'memory://') {
    location = path.resolve(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
  }
  // pg_trgm powers fuzzy name search, unaccent full-text search, vector (pgvector) search by meaning; PGlite loads extensions at open.
  const client = await PGlite.create(location, { extensions: { pg_trgm, unaccent, vector } });
  // Tells maintenance commands (npm run reset-password) that this data dir is in use.
  const onDisk = location !== 'memory://';
  if (onDisk) writePgliteLock(dataDir);
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
    async openListener() {
      const stops: Array<() => Promise<void>> = [];
      return {
        async listen(channel, onPayload) {
          stops.push(await client.listen(channel, onPayload));
        },
        onLost: () => undefined,
        async close() {
          if (!client.closed) await Promise.all(stops.map((stop) => stop()));
        },
      };
    },
    async close() {
      if (!client.closed) await client.close();
      if (onDisk) removePgliteLock(dataDir);
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  await pool.query('select 1');
  let closed = false;
  /** LISTEN connections end with the database: nobody waits for notifications from a closed one. */
  const listeners = new Set<pg.Client>();
  return {
    db,
    kind: 'postgres',
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
      // An advisory lock keeps two starting processes from migrating at once.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727001)');
        await migratePg(drizzlePg({ client: conn }), { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock(727001)');
        conn.release();
      }
    },
    async openListener() {
      if (closed) throw new Error('the database is closed');
      const client = new pg.Client({ connectionString: url });
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
