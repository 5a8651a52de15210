import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { FeedbackStatus } from '@bree/contracts';
import type { Db } from '../../db/db';
import { feedback, feedbackAttachments, type FeedbackAttachmentRow, type FeedbackRow } from './feedback.table';

export interface FeedbackFilter {
  status?: FeedbackStatus;
  preserve?: boolean;
  since?: Date;
  search?: string;
}

/** A feedback row with its attachments. */
export interface FeedbackRecord extends FeedbackRow {
  attachments: FeedbackAttachmentRow[];
}

/** `%`, `_` and `\` stand for themselves in a search. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Data access for feedback. Senders only insert; the admin functions read and change items of
 * every tenant (the admin guard decides who may call them).
 */
export function createFeedbackRepository({ db }: { db: Db }) {
  async function withAttachments(rows: FeedbackRow[]): Promise<FeedbackRecord[]> {
    if (rows.length === 0) return [];
    const attachments = await db
      .select()
      .from(feedbackAttachments)
      .where(
        inArray(
          feedbackAttachments.feedbackId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(feedbackAttachments.createdAt, feedbackAttachments.id);
    return rows.map((row) => ({ ...row, attachments: attachments.filter((a) => a.feedbackId === row.id) }));
  }

  return {
    async insert(row: typeof feedback.$inferInsert, attachments: (typeof feedbackAttachments.$inferInsert)[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(feedback).values(row);
        if (attachments.length > 0) await tx.insert(feedbackAttachments).values(attachments);
      });
    },
    /** Newest first, filtered as asked. */
    async list(filter: FeedbackFilter): Promise<FeedbackRecord[]> {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(feedback.status, filter.status));
      if (filter.preserve !== undefined) where.push(eq(feedback.preserve, filter.preserve));
      if (filter.since) where.push(gte(feedback.createdAt, filter.since));
      if (filter.search) {
        const pattern = likePattern(filter.search);
        where.push(or(ilike(feedback.message, pattern), ilike(feedback.userEmail, pattern), ilike(feedback.userName, pattern))!);
      }
      const rows = await db
        .select()
        .from(feedback)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(feedback.createdAt), desc(feedback.id));
      return withAttachments(rows);
    },
    async find(id: string): Promise<FeedbackRecord | null> {
      const rows = await db.select().from(feedback).where(eq(feedback.id, id)).limit(1);
      return (await withAttachments(rows))[0] ?? null;
    },
    async update(id: string, set: { status?: FeedbackStatus; preserve?: boolean; updatedAt: Date }): Promise<boolean> {
      const rows = await db.update(feedback).set(set).where(eq(feedback.id, id)).returning({ id: feedback.id });
      return rows.length > 0;
    },
    async attachment(feedbackId: string, attachmentId: string): Promise<FeedbackAttachmentRow | null> {
      const rows = await db
        .select()
        .from(feedbackAttachments)
        .where(and(eq(feedbackAttachments.feedbackId, feedbackId), eq(feedbackAttachments.id, attachmentId)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Deletes the items (their attachment rows go with them); answers the storage keys they had. */
    async delete(ids: string[]): Promise<{ deleted: number; storageKeys: string[] }> {
      if (ids.length === 0) return { deleted: 0, storageKeys: [] };
      return db.transaction(async (tx) => {
        const keys = await tx.select({ key: feedbackAttachments.storageKey }).from(feedbackAttachments).where(inArray(feedbackAttachments.feedbackId, ids));
        const rows = await tx.delete(feedback).where(inArray(feedback.id, ids)).returning({ id: feedback.id });
        return { deleted: rows.length, storageKeys: keys.map((k) => k.key) };
      });
    },
    /** Deletes unpreserved items created before the cutoff; the rows are locked first, so one preserved meanwhile stays. */
    async deleteExpired(cutoff: Date): Promise<{ deleted: number; storageKeys: string[] }> {
      return db.transaction(async (tx) => {
        const expired = and(eq(feedback.preserve, false), lt(feedback.createdAt, cutoff));
        const ids = (await tx.select({ id: feedback.id }).from(feedback).where(expired).for('update')).map((r) => r.id);
        if (ids.length === 0) return { deleted: 0, storageKeys: [] };
        const keys = await tx.select({ key: feedbackAttachments.storageKey }).from(feedbackAttachments).where(inArray(feedbackAttachments.feedbackId, ids));
        const rows = await tx
          .delete(feedback)
          .where(and(inArray(feedback.id, ids), expired))
          .returning({ id: feedback.id });
        return { deleted: rows.length, storageKeys: keys.map((k) => k.key) };
      });
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
