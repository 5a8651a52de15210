import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { suggestions, type SuggestionRow } from './suggestions.table';

/** Data access for suggestions (suggestions.table.ts); every query names the owner's tenant. */
export function createSuggestionsRepository({ db }: { db: Db }) {
  return {
    list({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<SuggestionRow[]> {
      return db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.tenantId, tenantId), eq(suggestions.fileId, fileId)))
        .orderBy(asc(suggestions.createdAt), asc(suggestions.id));
    },

    async find(id: string): Promise<SuggestionRow | null> {
      const [row] = await db.select().from(suggestions).where(eq(suggestions.id, id));
      return row ?? null;
    },

    async countOpen({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(suggestions)
        .where(and(eq(suggestions.tenantId, tenantId), eq(suggestions.fileId, fileId)));
      return row?.n ?? 0;
    },

    /** The author's suggestion on the block, created or replaced. */
    async upsert(input: {
      id: string;
      tenantId: string;
      fileId: string;
      authorTenantId: string;
      blockId: string;
      baseText: string;
      proposedText: string;
      now: Date;
    }) {
      const [row] = await db
        .insert(suggestions)
        .values({ ...input, createdAt: input.now, updatedAt: input.now })
        .onConflictDoUpdate({
          target: [suggestions.fileId, suggestions.blockId, suggestions.authorTenantId],
          set: { baseText: input.baseText, proposedText: input.proposedText, updatedAt: input.now },
        })
        .returning();
      return row!;
    },

    async withdraw({ fileId, blockId, authorTenantId }: { fileId: string; blockId: string; authorTenantId: string }) {
      await db.delete(suggestions).where(and(eq(suggestions.fileId, fileId), eq(suggestions.blockId, blockId), eq(suggestions.authorTenantId, authorTenantId)));
    },

    async update({ id, baseText, proposedText, now }: { id: string; baseText: string; proposedText: string; now: Date }) {
      const [row] = await db.update(suggestions).set({ baseText, proposedText, updatedAt: now }).where(eq(suggestions.id, id)).returning();
      return row ?? null;
    },

    async remove(id: string) {
      await db.delete(suggestions).where(eq(suggestions.id, id));
    },
  };
}
export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
