import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, selectRows, type Database } from './db';
import { isDatabaseUnreachable } from './unreachable';

// Nothing here reads the test database (the embedded database's thread): the PostgreSQL
// run of the server suite (BREE_TEST_POSTGRES=1, scripts/test-postgres.mjs) skips it rather than repeat it.
const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

// The embedded database runs on its own thread (pglite-thread.ts); these check that what runs
// there behaves as PGlite on this thread did, and that its work no longer holds the event loop.
describe.skipIf(onPostgres)('the embedded database on its own thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' });
    await database.query('create table notes (id int primary key, body jsonb, written timestamptz default now())');
  });
  afterAll(() => database?.close());

  it('runs a long statement while the event loop goes on', async () => {
    // Counted, not timed: a loaded machine delays timers, but only a blocked loop runs none at all.
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    const t0 = performance.now();
    await database.query('select pg_sleep(1)');
    const took = performance.now() - t0;
    clearInterval(timer);
    // On the event loop's thread the statement held it for its whole second: no tick at all.
    expect(took).toBeGreaterThanOrEqual(990);
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('answers JSON as values and drizzle dates as text, in both row modes', async () => {
    await database.query('insert into notes (id, body) values ($1, $2)', [1, JSON.stringify({ words: ['a', 'b'], n: 2 })]);
    expect(await database.query('select id, body from notes where id = 1')).toEqual([{ id: 1, body: { words: ['a', 'b'], n: 2 } }]);
    const [row] = await selectRows<{ body: unknown; written: unknown }>(database.db, sql`select body, written from notes where id = 1`);
    expect(row!.body).toEqual({ words: ['a', 'b'], n: 2 });
    expect(typeof row!.written).toBe('string');
    const { rows } = await database.executeSql('select body, null::jsonb as nothing from notes where id = $1', [1]);
    expect(rows).toEqual([{ body: { words: ['a', 'b'], n: 2 }, nothing: null }]);
  });

  it("keeps PostgreSQL's error fields, so a unique violation is recognised", async () => {
    const error = await database.query('insert into notes (id) values (1)').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' });
    expect(isDatabaseUnreachable(error)).toBe(false);
  });

  it('commits a transaction that returns, rolls back one that throws, and holds other statements until it ends', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id) values (2)`);
      await tx.transaction(async (inner) => inner.execute(sql`insert into notes (id) values (3)`));
    });
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id) values (4)`);
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => (e as Error).message);
    expect(failed).toBe('changed my mind');

    let outsideAnswered = false;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id) values (5)`);
      const outside = database.query('select count(*)::int as n from notes').then((rows) => {
        outsideAnswered = true;
        return rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideAnswered).toBe(false);
      void outside;
    });
    const ids = await database.query<{ id: number }>('select id from notes order by id');
    expect(ids.map((r) => r.id)).toEqual([1, 2, 3, 5]);
  });

  it('refuses a parameter that cannot cross to its thread, and goes on serving', async () => {
    const error = await database.query('select $1::text as x', [Symbol('not a value')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('delivers notifications to listeners', async () => {
    const listener = await database.openListener();
    const heard: string[] = [];
    await listener.listen('bree_test', (payload) => heard.push(payload));
    await database.query("select pg_notify('bree_test', 'hello')");
    await expect.poll(() => heard).toEqual(['hello']);
    await listener.close();
  });

  it('answers as an unreachable database once closed', async () => {
    const other = await createDatabase({ dataDir: 'memory://' });
    await other.close();
    const error = await other.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnreachable(error)).toBe(true);
  });
});
