import { describe, expect, it } from 'vitest';
import { TENANT_DATA_OWNERS } from '../src/modules/account/deletion.owners';
import { tenantScopedTables } from './account-delete-support';
import { getTestDatabase } from './harness';

/**
 * Deleting an account cannot forget a table (docs/ACCOUNT.md "Delete my account"): every table of
 * the migrated schema with a `tenant_id` column is removed by a module listed in deletion.owners.ts.
 * A new table with tenants' rows fails here until its module takes part in the deletion.
 */
describe('the tables an account deletion empties', () => {
  it('lists every table that holds a tenant_id', async () => {
    const database = await getTestDatabase();
    const owned = new Set(TENANT_DATA_OWNERS.flatMap((owner) => owner.tables));
    const schema = await tenantScopedTables(database);
    expect(schema.length).toBeGreaterThan(15);
    expect(schema.filter((table) => !owned.has(table))).toEqual([]);
  });

  it('names only tables that exist (the meaning index only where pgvector is installed)', async () => {
    const database = await getTestDatabase();
    const present = new Set(
      (await database.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public'")).map((r) => r.tablename),
    );
    const optional = new Set(['file_passages', 'file_passage_state']);
    const missing = TENANT_DATA_OWNERS.flatMap((owner) => owner.tables).filter((table) => !present.has(table) && !optional.has(table));
    expect(missing).toEqual([]);
  });
});
