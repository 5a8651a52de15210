import type { DocJSON } from '@bree/editor';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { files } from '../files/files.table';

/** The documents dictation works on. Every function filters by tenantId. */
export function createTranscriptionRepository({ db }: { db: Db }) {
  return {
    /** The live document's text and revision, or null (none, another tenant's, or in the Trash). */
    async findDocument({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<{ content: DocJSON; revision: number } | null> {
      const rows = await db
        .select({ content: files.content, revision: files.revision })
        .from(files)
        .where(and(eq(files.tenantId, tenantId), eq(files.id, fileId), isNull(files.deletedAt)))
        .limit(1);
      const row = rows[0];
      return row ? { content: row.content as DocJSON, revision: row.revision } : null;
    },

    /** Sets or clears metadata.isTranscribing in one statement (the list sorts such rows first, docs/PRODUCT.md#documents). */
    async setTranscribing({ tenantId, fileId, on, at }: { tenantId: string; fileId: string; on: boolean; at: Date }): Promise<void> {
      await db
        .update(files)
        .set({
          metadata: on
            ? sql`${files.metadata} || jsonb_build_object('isTranscribing', true, 'transcribingSince', ${at.toISOString()}::text)`
            : sql`${files.metadata} - 'isTranscribing' - 'transcribingSince'`,
        })
        .where(and(eq(files.tenantId, tenantId), eq(files.id, fileId)));
    },

    /** Removes the marks left by a server that stopped mid-dictation (set before `before`), across tenants: maintenance. */
    async clearMarksBefore({ before }: { before: Date }): Promise<number> {
      const rows = await db
        .update(files)
        .set({ metadata: sql`${files.metadata} - 'isTranscribing' - 'transcribingSince'` })
        .where(
          and(
            sql`${files.metadata} ? 'isTranscribing'`,
            sql`coalesce((${files.metadata} ->> 'transcribingSince')::timestamptz, '-infinity'::timestamptz) < ${before.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: files.id });
      return rows.length;
    },
  };
}
export type TranscriptionRepository = ReturnType<typeof createTranscriptionRepository>;
