import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../test/harness';
import { selectPreparedRows, selectRows, type Database } from './db';

const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

describe('selectPreparedRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await getTestDatabase();
  });

  it('answers the rows of each call with its own values, as selectRows does', async () => {
    const query = (n: number, word: string) => sql`select ${n}::int as n, upper(${word}) as word`;
    expect(await selectPreparedRows(database.db, query(1, 'one'))).toEqual([{ n: 1, word: 'ONE' }]);
    expect(await selectPreparedRows(database.db, query(2, 'two'))).toEqual([{ n: 2, word: 'TWO' }]);
    expect(await selectPreparedRows(database.db, query(3, 'three'))).toEqual(await selectRows(database.db, query(3, 'three')));
    // Another text is another statement, with a name of its own.
    expect(await selectPreparedRows(database.db, sql`select ${5}::int + 1 as n`)).toEqual([{ n: 6 }]);
  });

  it.runIf(onPostgres)('is prepared once on the connection under a name taken from its text, and reused', async () => {
    const text = (n: number) => sql`select ${n}::int * 2 as doubled`;
    await database.db.transaction(async (tx) => {
      expect(await selectPreparedRows(tx, text(21))).toEqual([{ doubled: 42 }]);
      expect(await selectPreparedRows(tx, text(4))).toEqual([{ doubled: 8 }]);
      const prepared = await selectRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where statement like ${'%* 2 as doubled%'}`,
      );
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^bree_[\w-]{20}$/);
    });
  });
});
