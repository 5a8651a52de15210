import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/db';
import { NO_BLOBS, type TenantDataOwner } from '../../../lib/tenant-data';

/**
 * The meaning-search index of a deleted account: its passages (the documents' text, in pieces) and
 * their state (docs/SEARCH-MEANING.md). The tables exist only where pgvector does (semantic.store.ts),
 * so each is looked up first: a failed statement would end the deletion's transaction.
 */
export const semanticTenantData: TenantDataOwner = {
  module: 'search/semantic',
  tables: ['file_passages', 'file_passage_state'],
  async remove({ tx, tenantId }) {
    const [row] = await selectRows<{ passages: boolean; state: boolean }>(
      tx,
      sql`select to_regclass('file_passages') is not null as passages, to_regclass('file_passage_state') is not null as state`,
    );
    if (row?.passages) await tx.execute(sql`delete from file_passages where tenant_id = ${tenantId}`);
    if (row?.state) await tx.execute(sql`delete from file_passage_state where tenant_id = ${tenantId}`);
    return NO_BLOBS;
  },
};
