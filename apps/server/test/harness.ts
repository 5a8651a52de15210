import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createDatabase, type Database } from '../src/db/db';
import { createIdentity } from '../src/modules/identity/identity';
import type { Identity } from '../src/modules/identity/identity.types';
import type { SemanticSearch } from '../src/modules/search/search.ports';
import type { Lifecycle } from '../src/modules/system/system.lifecycle';
import { createServices, type Services } from '../src/services';

/**
 * One database per test worker (PGlite takes ~3 s to make, about 1 s from the template
 * `test/global-setup.ts` prepares): in memory by default, or the
 * PostgreSQL of TEST_DATABASE_URL when the suite runs a second time against it. The worker's test
 * files share it one after another (vitest.config.ts: no isolation); each starts on it emptied
 * (`test/fresh-database.ts`), and a file that closes it leaves the next one a new database.
 */
let shared: Promise<Database> | null = null;

export function getTestDatabase(): Promise<Database> {
  if (!shared) {
    const opening: Promise<Database> = openTestDatabase({ onClose: () => shared === opening && (shared = null) });
    shared = opening;
  }
  return shared;
}

async function openTestDatabase({ onClose }: { onClose: () => void }): Promise<Database> {
  const url = process.env.BREE_TEST_POSTGRES === '1' ? process.env.TEST_DATABASE_URL : undefined;
  const database = await createDatabase({ url, dataDir: 'memory://' });
  if (url) await resetSchema(database);
  await database.migrate();
  const close = database.close.bind(database);
  database.close = () => (onClose(), close());
  return database;
}

/** Empties the worker's database if a test file before this one opened it (`test/fresh-database.ts`). */
export async function emptyDatabaseOfEarlierFiles(): Promise<void> {
  if (shared) await resetDatabase(await shared);
}

/** Drops everything so migrations run from scratch on a reused PostgreSQL database. */
async function resetSchema(database: Database): Promise<void> {
  await database.query('drop schema if exists public cascade');
  await database.query('drop schema if exists drizzle cascade');
  await database.query('create schema public');
}

/** Empties every table, keeping the schema: call between tests. */
export async function resetDatabase(database: Database): Promise<void> {
  const rows = await database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public'");
  if (rows.length === 0) return;
  await database.query(`truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`);
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  identity: Identity;
  /** The app's own services (for the jobs' parts, such as the Trash purge). */
  services: Services;
  close(): Promise<void>;
}

/**
 * A full Bree server on the worker's database, with the embedded issuer at http://localhost:3999;
 * `now` replaces the services' clock (sign-in keeps the real one), `semanticSearch` the meaning search,
 * `lifecycle` lets a test begin the drain.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    now,
    semanticSearch,
    lifecycle,
    dictationReceiptWaitMs,
  }: { now?: () => Date; semanticSearch?: SemanticSearch; lifecycle?: Lifecycle; dictationReceiptWaitMs?: number } = {},
): Promise<TestApp> {
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3999', LOG_LEVEL: 'silent', ...env });
  const database = await getTestDatabase();
  const services = createServices({ database, config, now, semanticSearch, ...(dictationReceiptWaitMs ? { dictationReceiptWaitMs } : {}) });
  const identity = await createIdentity({ config, database, notifications: services.notifications });
  const app = await buildApp({ config, database, identity, services, lifecycle });
  await app.ready();
  return {
    app,
    config,
    database,
    identity,
    services,
    async close() {
      await app.close();
      await identity.close();
    },
  };
}
