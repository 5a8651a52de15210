import type { AiTier } from '@bree/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { documentsRelationSql } from '../files/files.port';
import { aiFileProviders, aiTenantSettings, backgroundResponses, type BackgroundResponseRow } from './ai.table';

/** The documents an operation's start reads (its text, when asked for), live only. */
const LIVE_DOCUMENTS = documentsRelationSql({ columns: ['id', 'tenant_id', 'content_text'] });

export type NewBackgroundResponse = Omit<BackgroundResponseRow, 'createdAt'>;

/** What starting an operation needs to know of its document, read in one round trip. */
export interface OperationContextRow {
  /** The document's plain text, only when asked for (the editor usually sends the context). */
  contentText: string | null;
  fileProvider: AiTier | null;
  defaultProvider: AiTier | null;
}

/** Data access for background responses and provider choices. Every function filters by tenantId. */
export function createAiRepository({ db }: { db: Db }) {
  /**
   * Prepared once, with and without the text: built once here, and planned once per connection by
   * PostgreSQL (named), since every AI operation's start waits for it.
   */
  const contextQuery = (withText: boolean) =>
    db
      .select({
        contentText: withText ? sql<string>`f.content_text` : sql<null>`null`,
        fileProvider: aiFileProviders.provider,
        defaultProvider: aiTenantSettings.defaultProvider,
      })
      // The live documents, through the files module's port: a document in the Trash is no document to write in.
      .from(sql`${LIVE_DOCUMENTS} f`)
      .leftJoin(aiFileProviders, and(sql`${aiFileProviders.tenantId} = f.tenant_id`, sql`${aiFileProviders.fileId} = f.id`))
      .leftJoin(aiTenantSettings, sql`${aiTenantSettings.tenantId} = f.tenant_id`)
      .where(and(sql`f.tenant_id = ${sql.placeholder('tenantId')}`, sql`f.id = ${sql.placeholder('fileId')}`))
      .limit(1)
      .prepare(withText ? 'bree_ai_operation_context_text' : 'bree_ai_operation_context');
  const withTextQuery = contextQuery(true);
  const withoutTextQuery = contextQuery(false);

  return {
    /**
     * The document's existence, its Fast/Premium override and the tenant default in ONE query:
     * this sits on the time-to-first-token path, where every round trip shows. Null: no such document (or it is in the Trash).
     */
    async operationContext({ tenantId, fileId, withText }: { tenantId: string; fileId: string; withText: boolean }): Promise<OperationContextRow | null> {
      const rows = await (withText ? withTextQuery : withoutTextQuery).execute({ tenantId, fileId });
      return rows[0] ?? null;
    },
    async saveResponse(row: NewBackgroundResponse): Promise<void> {
      await db.insert(backgroundResponses).values(row).onConflictDoNothing();
    },
    async listResponses({ tenantId, documentId }: { tenantId: string; documentId: string }): Promise<BackgroundResponseRow[]> {
      return db
        .select()
        .from(backgroundResponses)
        .where(and(eq(backgroundResponses.tenantId, tenantId), eq(backgroundResponses.documentId, documentId)))
        .orderBy(asc(backgroundResponses.createdAt), asc(backgroundResponses.operationId));
    },
    async findResponse({ tenantId, operationId }: { tenantId: string; operationId: string }): Promise<BackgroundResponseRow | null> {
      const rows = await db
        .select()
        .from(backgroundResponses)
        .where(and(eq(backgroundResponses.tenantId, tenantId), eq(backgroundResponses.operationId, operationId)))
        .limit(1);
      return rows[0] ?? null;
    },
    async deleteResponse({ tenantId, documentId, operationId }: { tenantId: string; documentId: string; operationId: string }): Promise<void> {
      await db
        .delete(backgroundResponses)
        .where(
          and(eq(backgroundResponses.tenantId, tenantId), eq(backgroundResponses.documentId, documentId), eq(backgroundResponses.operationId, operationId)),
        );
    },
    async setFileProvider({ tenantId, fileId, provider, now }: { tenantId: string; fileId: string; provider: AiTier; now: Date }): Promise<void> {
      await db
        .insert(aiFileProviders)
        .values({ tenantId, fileId, provider, updatedAt: now })
        .onConflictDoUpdate({ target: [aiFileProviders.tenantId, aiFileProviders.fileId], set: { provider, updatedAt: now } });
    },
    async setDefaultProvider({ tenantId, provider, now }: { tenantId: string; provider: AiTier; now: Date }): Promise<void> {
      await db
        .insert(aiTenantSettings)
        .values({ tenantId, defaultProvider: provider, updatedAt: now })
        .onConflictDoUpdate({ target: aiTenantSettings.tenantId, set: { defaultProvider: provider, updatedAt: now } });
    },
  };
}
export type AiRepository = ReturnType<typeof createAiRepository>;
