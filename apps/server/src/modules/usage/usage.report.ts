import { BILLING_USAGE_CSV_HEADER, displayName, type BillingUsage } from '@bree/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { usageEvents } from './usage.table';

type Line = { fastCalls: number; premiumCalls: number; tokens: number; voiceMinutes: number; cost: number };

const sums = {
  fastCalls: sql<number>`coalesce(sum(case when ${usageEvents.tier} = 'fast' then ${usageEvents.calls} else 0 end), 0)::int`,
  premiumCalls: sql<number>`coalesce(sum(case when ${usageEvents.tier} = 'premium' then ${usageEvents.calls} else 0 end), 0)::int`,
  tokens: sql<number>`coalesce(sum(${usageEvents.tokens}), 0)::int`,
  voiceMinutes: sql<string>`coalesce(sum(${usageEvents.voiceMinutes}), 0)::text`,
  cost: sql<string>`coalesce(sum(${usageEvents.cost}), 0)::text`,
};

/** Numbers as JSON carries them: counts as they are, dollars to 6 places (the column's scale). */
const line = (row: { fastCalls: number; premiumCalls: number; tokens: number; voiceMinutes: string; cost: string }): Line => ({
  fastCalls: Number(row.fastCalls),
  premiumCalls: Number(row.premiumCalls),
  tokens: Number(row.tokens),
  voiceMinutes: Number(row.voiceMinutes),
  cost: Number(row.cost),
});

/** A CSV field: quoted when it holds a comma, quote or line break; a leading formula character is neutralised. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The names of the tenant's live documents among `fileIds` (the files port's `namesOf`: usage never reads files' table). */
export type DocumentNames = (args: { tenantId: string; fileIds: readonly string[] }) => Promise<Map<string, string>>;

/** What the CSV says for a line whose document is gone (trashed, deleted, or not this tenant's). */
const DELETED_DOCUMENT = 'deleted document';

/**
 * The invoice-grade usage of a month per UTC day and per document, from the settled calls; each
 * document line carries the document's name, null once it is gone (docs/BILLING.md).
 */
export function createUsageReport({ db, documentNames }: { db: Db; documentNames: DocumentNames }) {
  async function report({ tenantId, period }: { tenantId: string; period: string }): Promise<BillingUsage> {
    const where = and(eq(usageEvents.tenantId, tenantId), eq(usageEvents.period, period));
    const day = sql<string>`to_char(${usageEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
    const [totals] = await db.select(sums).from(usageEvents).where(where);
    const days = await db
      .select({ date: day, ...sums })
      .from(usageEvents)
      .where(where)
      .groupBy(day)
      .orderBy(asc(day));
    const documents = await db
      .select({ fileId: usageEvents.fileId, ...sums })
      .from(usageEvents)
      .where(where)
      .groupBy(usageEvents.fileId)
      .orderBy(sql`sum(${usageEvents.cost}) desc`, asc(usageEvents.fileId));
    const fileIds = documents.flatMap((d) => (d.fileId === null ? [] : [d.fileId]));
    const names = await documentNames({ tenantId, fileIds });
    // The name as the document list shows it (without its extension).
    const nameOf = (fileId: string | null) => {
      const name = fileId === null ? undefined : names.get(fileId);
      return name === undefined ? null : displayName(name);
    };
    return {
      period,
      totals: line(totals!),
      days: days.map((d) => ({ date: d.date, ...line(d) })),
      documents: documents.map((d) => ({ fileId: d.fileId, name: nameOf(d.fileId), ...line(d) })),
    };
  }

  return {
    report,
    /** The same figures as CSV: one `day` row per day, one `document` row per document (its name), one `total` row. */
    async csv({ tenantId, period }: { tenantId: string; period: string }): Promise<string> {
      const r = await report({ tenantId, period });
      const row = (kind: string, key: string, l: Line) =>
        [kind, csvField(key), l.fastCalls, l.premiumCalls, l.tokens, l.voiceMinutes.toFixed(2), l.cost.toFixed(6)].join(',');
      return [
        BILLING_USAGE_CSV_HEADER,
        ...r.days.map((d) => row('day', d.date, d)),
        ...r.documents.map((d) => row('document', d.fileId === null ? '' : (d.name ?? DELETED_DOCUMENT), d)),
        row('total', period, r.totals),
        '',
      ].join('\r\n');
    },
  };
}
export type UsageReport = ReturnType<typeof createUsageReport>;
