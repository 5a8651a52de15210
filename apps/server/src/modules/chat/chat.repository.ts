import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { chatMessages, type ChatMessageRow } from './chat.table';

/** Data access for conversations. Every function filters by tenantId. */
export function createChatRepository({ db }: { db: Db }) {
  return {
    /** A document's messages, oldest first. */
    async list({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<ChatMessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.fileId, fileId)))
        .orderBy(asc(chatMessages.id));
    },
    async insert(row: ChatMessageRow): Promise<void> {
      await db.insert(chatMessages).values(row);
    },
    /** `row` inserted for each row of `source` (a reservation's CTE: stored only if the call is held), as one statement's part. */
    insertFrom(row: ChatMessageRow): (source: SQL) => SQL {
      return (source) => sql`insert into ${chatMessages} (tenant_id, file_id, id, role, content, state, created_at)
        select ${row.tenantId}, ${row.fileId}, ${row.id}, ${row.role}, ${row.content}, ${row.state}, ${row.createdAt.toISOString()}::timestamptz
        from ${source} returning id`;
    },
    async clear({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<void> {
      await db.delete(chatMessages).where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.fileId, fileId)));
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
