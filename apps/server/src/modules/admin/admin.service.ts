import { ADMIN, type AdminUsagePeriod, type DailySignup, type MetricsRange, type MetricsTotals, type UserSegment } from '@bree/contracts';
import { z } from 'zod';
import { periodOf } from '../usage/usage.plans';
import { adminErrors } from './admin.errors';
import { presentUser } from './admin.presenter';
import type { AdminRepository } from './admin.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<MetricsRange, number> = { '7d': 7, '28d': 28, '30d': 30 };

/** The user list's keyset cursor: the last row's creation time (microseconds, UTC) and id. */
const cursorSchema = z.strictObject({
  c: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  i: z.string().min(1).max(200),
});

function encodeCursor(c: z.infer<typeof cursorSchema>): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** The cursor a client sent back, or 400 invalid_cursor when this server could not have given it out. */
function decodeCursor(raw: string): z.infer<typeof cursorSchema> {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed.success && Number.isFinite(Date.parse(parsed.data.c))) return parsed.data;
  } catch {
    // Not base64url JSON: the same answer as any other forged cursor.
  }
  throw adminErrors.invalidCursor();
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const money = (v: unknown) => Math.round(Number(v) * 1_000_000) / 1_000_000;

/**
 * The admin portal's reports over every account (docs/PRODUCT.md#admin).
 * Active means some activity (sign-in, document edit, AI call) within the chosen range; paid means
 * a subscription that keeps Pro. docs/ADMIN.md explains each number.
 */
export function createAdminService({ repository, now }: { repository: AdminRepository; now: () => Date }) {
  const window = (range: MetricsRange) => {
    const at = now();
    return { period: periodOf(at), since: new Date(at.getTime() - RANGE_DAYS[range] * DAY_MS) };
  };

  return {
    async totals({ range }: { range: MetricsRange }): Promise<MetricsTotals> {
      const row = await repository.totals(window(range));
      const total = money(row.total_spending);
      const spenders = Number(row.spenders);
      return {
        newSignups: Number(row.new_signups),
        freeActive: Number(row.free_active),
        freeInactive: Number(row.free_inactive),
        paidActive: Number(row.paid_active),
        paidInactive: Number(row.paid_inactive),
        costInsights: { totalSpending: total, averageSpending: spenders === 0 ? 0 : money(total / spenders) },
      };
    },

    async list(q: { segment: UserSegment; range: MetricsRange; limit: number; cursor?: string }) {
      const c = q.cursor ? decodeCursor(q.cursor) : null;
      const { rows, total } = await repository.list({
        ...window(q.range),
        segment: q.segment,
        limit: q.limit,
        after: c ? { createdKey: c.c, userId: c.i } : null,
      });
      const last = rows.at(-1);
      const nextCursor = rows.length === q.limit && last ? encodeCursor({ c: last.created_key, i: last.user_id }) : null;
      return { items: rows.map(presentUser), total, nextCursor };
    },

    /** Sign-ups per day; without dates, the last 30 days up to today (UTC). */
    async dailySignups(q: { from?: string; to?: string }): Promise<DailySignup[]> {
      const to = q.to ?? isoDay(now());
      const from = q.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (ADMIN.signupsChartDays - 1) * DAY_MS));
      const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
      if (!Number.isFinite(span) || span < 0 || span >= ADMIN.maxSignupsSpanDays) throw adminErrors.invalidDays();
      return repository.dailySignups({ from, to });
    },

    async lookup({ email }: { email: string }) {
      const row = await repository.findByEmail({ period: periodOf(now()), email });
      if (!row) throw adminErrors.userNotFound();
      return presentUser(row);
    },

    /** The user and their months of usage, the current month first (zeros when nothing was used yet). */
    async usage({ userId }: { userId: string }) {
      const period = periodOf(now());
      const row = await repository.findById({ period, userId });
      if (!row) throw adminErrors.userNotFound();
      const periods: AdminUsagePeriod[] = (await repository.usagePeriods({ userId, limit: ADMIN.detailRows })).map((p) => ({
        period: String(p.period),
        fastCalls: Number(p.fast_calls),
        premiumCalls: Number(p.premium_calls),
        fastTokens: Number(p.fast_tokens),
        premiumTokens: Number(p.premium_tokens),
        voiceMinutes: Number(p.voice_minutes),
        cost: money(p.cost),
      }));
      if (periods[0]?.period !== period) {
        periods.unshift({ period, fastCalls: 0, premiumCalls: 0, fastTokens: 0, premiumTokens: 0, voiceMinutes: 0, cost: 0 });
      }
      return { user: presentUser(row), periods: periods.slice(0, ADMIN.detailRows) };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
