import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { commentThreads, comments, type CommentRow, type CommentThreadRow } from './comments.table';

export interface NewThread {
  id: string;
  commentId: string;
  tenantId: string;
  fileId: string;
  authorTenantId: string;
  anchor: { blockId: string; start: number; end: number; quote: string };
  body: string;
  now: Date;
}

/** Data access for comment threads and their comments (comments.table.ts); every query names the owner's tenant. */
export function createCommentsRepository({ db }: { db: Db }) {
  return {
    /** The document's threads, oldest first, with their comments oldest first. */
    async listThreads({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<{ threads: CommentThreadRow[]; comments: CommentRow[] }> {
      const threads = await db
        .select()
        .from(commentThreads)
        .where(and(eq(commentThreads.tenantId, tenantId), eq(commentThreads.fileId, fileId)))
        .orderBy(asc(commentThreads.createdAt), asc(commentThreads.id));
      if (threads.length === 0) return { threads, comments: [] };
      const rows = await db
        .select()
        .from(comments)
        .where(
          inArray(
            comments.threadId,
            threads.map((t) => t.id),
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id));
      return { threads, comments: rows };
    },

    /** One thread of the owner's tenant, with its comments; null when there is none. */
    async thread({ tenantId, threadId }: { tenantId: string; threadId: string }) {
      const [thread] = await db
        .select()
        .from(commentThreads)
        .where(and(eq(commentThreads.tenantId, tenantId), eq(commentThreads.id, threadId)));
      if (!thread) return null;
      const rows = await db.select().from(comments).where(eq(comments.threadId, threadId)).orderBy(asc(comments.createdAt), asc(comments.id));
      return { thread, comments: rows };
    },

    /** Where a thread or comment id leads: its document and owner, for the grant resolver; null when unknown. */
    async locateThread(threadId: string): Promise<{ tenantId: string; fileId: string } | null> {
      const [row] = await db
        .select({ tenantId: commentThreads.tenantId, fileId: commentThreads.fileId })
        .from(commentThreads)
        .where(eq(commentThreads.id, threadId));
      return row ?? null;
    },

    async locateComment(commentId: string): Promise<{ tenantId: string; fileId: string; threadId: string; authorTenantId: string; first: boolean } | null> {
      const [row] = await db
        .select({
          tenantId: commentThreads.tenantId,
          fileId: commentThreads.fileId,
          threadId: comments.threadId,
          authorTenantId: comments.authorTenantId,
          // The thread's first comment stands for the thread: deleting it deletes the thread.
          first: sql<boolean>`not exists (select 1 from ${comments} c2 where c2.thread_id = ${comments.threadId} and (c2.created_at, c2.id) < (${comments.createdAt}, ${comments.id}))`,
        })
        .from(comments)
        .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
        .where(eq(comments.id, commentId));
      return row ?? null;
    },

    async countThreads({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(commentThreads)
        .where(and(eq(commentThreads.tenantId, tenantId), eq(commentThreads.fileId, fileId)));
      return row?.n ?? 0;
    },

    async insertThread(input: NewThread) {
      await db.transaction(async (tx) => {
        await tx.insert(commentThreads).values({
          id: input.id,
          tenantId: input.tenantId,
          fileId: input.fileId,
          authorTenantId: input.authorTenantId,
          anchorBlockId: input.anchor.blockId,
          anchorStart: input.anchor.start,
          anchorEnd: input.anchor.end,
          anchorQuote: input.anchor.quote,
          createdAt: input.now,
        });
        await tx
          .insert(comments)
          .values({ id: input.commentId, threadId: input.id, authorTenantId: input.authorTenantId, body: input.body, createdAt: input.now });
      });
    },

    async insertComment(input: { id: string; threadId: string; authorTenantId: string; body: string; now: Date }) {
      await db
        .insert(comments)
        .values({ id: input.id, threadId: input.threadId, authorTenantId: input.authorTenantId, body: input.body, createdAt: input.now });
    },

    async editComment({ commentId, body, now }: { commentId: string; body: string; now: Date }) {
      await db.update(comments).set({ body, editedAt: now }).where(eq(comments.id, commentId));
    },

    async deleteComment(commentId: string) {
      await db.delete(comments).where(eq(comments.id, commentId));
    },

    async deleteThread({ tenantId, threadId }: { tenantId: string; threadId: string }) {
      await db.delete(commentThreads).where(and(eq(commentThreads.tenantId, tenantId), eq(commentThreads.id, threadId)));
    },

    async setResolved({ tenantId, threadId, by, now }: { tenantId: string; threadId: string; by: string | null; now: Date | null }) {
      await db
        .update(commentThreads)
        .set({ resolvedAt: now, resolvedBy: by })
        .where(and(eq(commentThreads.tenantId, tenantId), eq(commentThreads.id, threadId)));
    },

    async setAnchor({ tenantId, threadId, anchor }: { tenantId: string; threadId: string; anchor: NewThread['anchor'] | null }) {
      await db
        .update(commentThreads)
        .set(
          anchor
            ? { anchorBlockId: anchor.blockId, anchorStart: anchor.start, anchorEnd: anchor.end, anchorQuote: anchor.quote, anchorDeleted: false }
            : { anchorDeleted: true },
        )
        .where(and(eq(commentThreads.tenantId, tenantId), eq(commentThreads.id, threadId)));
    },

    /** Open threads per document of the tenant's own, for the document list. */
    async openCounts({ tenantId }: { tenantId: string }): Promise<Record<string, number>> {
      const rows = await db
        .select({ fileId: commentThreads.fileId, n: count() })
        .from(commentThreads)
        .where(and(eq(commentThreads.tenantId, tenantId), isNull(commentThreads.resolvedAt)))
        .groupBy(commentThreads.fileId);
      return Object.fromEntries(rows.map((r) => [r.fileId, r.n]));
    },
  };
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
