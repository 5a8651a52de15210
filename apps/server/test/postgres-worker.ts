// Before each server test file: on the PostgreSQL run, each test worker gets a database of its own,
// `<TEST_DATABASE_URL's database>_<VITEST_POOL_ID>`, so files run side by side without sharing tables,
// pg-boss queues, LISTEN channels or advisory locks (all of them belong to one database). Every reader
// of TEST_DATABASE_URL — the harness, the CLI tests, the multiprocess tests' scratch databases — sees
// the worker's database.
import pg from 'pg';

/** The suite's own TEST_DATABASE_URL, kept aside once: a worker process may run several files. */
const BASE_KEY = 'BREE_TEST_DATABASE_BASE_URL';

/** The worker's database URL: the base's database name with the pool id appended. */
function workerDatabaseUrl({ baseUrl, poolId }: { baseUrl: string; poolId: string }): URL {
  const url = new URL(baseUrl);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_${poolId}`;
  return url;
}

/** Creates the database unless it exists; another run may be creating it at the same moment. */
async function ensureDatabase({ baseUrl, name }: { baseUrl: string; name: string }): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`create database "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
      // 42P04 duplicate_database, 23505 the catalog's unique index: made meanwhile by someone else.
      if (error.code !== '42P04' && error.code !== '23505') throw error;
    });
  } finally {
    await client.end();
  }
}

if (process.env.BREE_TEST_POSTGRES === '1' && process.env.TEST_DATABASE_URL) {
  const baseUrl = (process.env[BASE_KEY] ??= process.env.TEST_DATABASE_URL);
  const url = workerDatabaseUrl({ baseUrl, poolId: process.env.VITEST_POOL_ID ?? '1' });
  await ensureDatabase({ baseUrl, name: url.pathname.slice(1) });
  process.env.TEST_DATABASE_URL = url.href;
}
