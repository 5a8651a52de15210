import type { AiTier } from '@bree/contracts';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { selectPreparedRows, type Db } from '../../db/db';
import { settledBy } from './usage.holds';
import type { PlanLimits } from './usage.plans';
import { usageEvents, usagePeriods } from './usage.table';

const callsColumn = (tier: AiTier) => (tier === 'fast' ? usagePeriods.fastCalls : usagePeriods.premiumCalls);
const tokensColumn = (tier: AiTier) => (tier === 'fast' ? usagePeriods.fastTokens : usagePeriods.premiumTokens);
const callsKey = (tier: AiTier) => (tier === 'fast' ? 'fastCalls' : 'premiumCalls');
const tokensKey = (tier: AiTier) => (tier === 'fast' ? 'fastTokens' : 'premiumTokens');

/** What a hold writes in its own statement, from the held row: one write, or several that must all be written. */
export type AlongsideSql = (held: SQL) => SQL | SQL[];

/** Data access for usage periods. Every function filters by tenantId. */
export function createUsageRepository({ db }: { db: Db }) {
  /**
   * Runs a hold (a statement returning one row when it holds) with its lease row (usage.holds.ts)
   * and `alongside` written in the same statement, from the held row only: all commit or none
   * does. Prepared: every metered call waits for it, and its text takes a few shapes only.
   */
  async function holdWith(hold: SQL, alongside?: AlongsideSql, lease?: (held: SQL) => SQL): Promise<{ held: boolean; wroteAlongside: boolean }> {
    if (!alongside && !lease) return { held: (await selectPreparedRows(db, hold)).length === 1, wroteAlongside: false };
    const leased = lease ? sql`, leased as (${lease(sql`held`)})` : sql``;
    // Several writes (the jobs of alternatives, docs/ASSISTANT.md) are one CTE each; all of them must write.
    const writes = alongside ? [alongside(sql`held`)].flat() : [];
    const along = sql.join(
      writes.map((write, i) => sql`, ${sql.raw(`alongside${i}`)} as (${write})`),
      sql``,
    );
    const wrote =
      writes.length > 0
        ? sql`least(${sql.join(
            writes.map((_, i) => sql`(select count(*) from ${sql.raw(`alongside${i}`)})`),
            sql`, `,
          )})::int`
        : sql`0`;
    const [row] = await selectPreparedRows<{ held: number; wrote: number }>(
      db,
      sql`with held as (${hold})${leased}${along} select (select count(*) from held)::int as held, ${wrote} as wrote`,
    );
    return { held: row?.held === 1, wroteAlongside: (row?.wrote ?? 0) > 0 };
  }

  return {
    /** Every tenant's figures of one month (the usage notices read them: docs/BILLING.md#notices). */
    async periodFigures({ period }: { period: string }) {
      const rows = await db
        .select({
          tenantId: usagePeriods.tenantId,
          cost: usagePeriods.cost,
          fastCalls: usagePeriods.fastCalls,
          premiumCalls: usagePeriods.premiumCalls,
          voiceMinutes: usagePeriods.voiceMinutes,
          paygCalls: usagePeriods.paygCalls,
        })
        .from(usagePeriods)
        .where(eq(usagePeriods.period, period));
      return rows.map((row) => ({ ...row, cost: Number(row.cost), voiceMinutes: Number(row.voiceMinutes) }));
    },

    async find({ tenantId, period }: { tenantId: string; period: string }) {
      const rows = await db
        .select()
        .from(usagePeriods)
        .where(and(eq(usagePeriods.tenantId, tenantId), eq(usagePeriods.period, period)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Holds `dollars` and counts one call against the credit and the tier's cap, in one statement:
     * the first reservation of a period inserts the row, later ones update it under its row lock, so
     * parallel reservations queue and see each other and a burst overspends by at most one
     * reservation. `alongside` is a write made in that same statement, from the reserved row only
     * when the reservation holds (it reads the CTE it is given, and RETURNING says it wrote): what
     * the call needs stored with its reservation commits with it, or neither does.
     */
    async reserve({
      tenantId,
      period,
      tier,
      dollars,
      limits,
      alongside,
      lease,
      count = 1,
    }: {
      tenantId: string;
      period: string;
      tier: AiTier;
      /** The whole hold: every call's worst case together. */
      dollars: string;
      limits: PlanLimits;
      alongside?: AlongsideSql;
      /** The hold's lease row (usage.holds.ts), for a call this process runs itself. */
      lease?: (held: SQL) => SQL;
      /** Calls counted by this one hold (alternatives: docs/BILLING.md), each settled on its own later. */
      count?: number;
    }): Promise<{ held: boolean; wroteAlongside: boolean }> {
      const callLimit = tier === 'fast' ? limits.fastCalls : limits.premiumCalls;
      // The insert path has no condition, so a plan with no room at all is refused here.
      if ((limits.creditDollars !== null && Number(dollars) > limits.creditDollars) || (callLimit !== null && count > callLimit))
        return { held: false, wroteAlongside: false };
      const calls = callsColumn(tier);
      const room: SQL[] = [];
      if (limits.creditDollars !== null)
        room.push(sql`${usagePeriods.cost} + ${usagePeriods.reserved} + ${dollars}::numeric <= ${String(limits.creditDollars)}::numeric`);
      if (callLimit !== null) room.push(sql`${calls} + ${count} <= ${callLimit}`);
      const upsert = db
        .insert(usagePeriods)
        .values({ tenantId, period, reserved: dollars, [callsKey(tier)]: count })
        .onConflictDoUpdate({
          target: [usagePeriods.tenantId, usagePeriods.period],
          set: { reserved: sql`${usagePeriods.reserved} + ${dollars}::numeric`, [callsKey(tier)]: sql`${calls} + ${count}`, updatedAt: new Date() },
          ...(room.length > 0 ? { setWhere: and(...room) } : {}),
        })
        .returning({ tenantId: usagePeriods.tenantId });
      return holdWith(upsert.getSQL(), alongside, lease);
    },

    /** Tokens of a period's pay-as-you-go calls (from the ledger). */
    async paygTokens({ tenantId, period }: { tenantId: string; period: string }): Promise<number> {
      const [row] = await db
        .select({ tokens: sql<number>`coalesce(sum(${usageEvents.tokens}), 0)::int` })
        .from(usageEvents)
        .where(and(eq(usageEvents.tenantId, tenantId), eq(usageEvents.period, period), eq(usageEvents.payg, true)));
      return Number(row?.tokens ?? 0);
    },

    /** Months before `period` with pay-as-you-go calls not yet sent to the payment provider. */
    async unreportedPayg({ before }: { before: string }) {
      return db
        .select({ tenantId: usagePeriods.tenantId, period: usagePeriods.period, paygCalls: usagePeriods.paygCalls, reported: usagePeriods.paygReportedCalls })
        .from(usagePeriods)
        .where(and(lt(usagePeriods.period, before), gt(usagePeriods.paygCalls, usagePeriods.paygReportedCalls)));
    },

    /** Records that `calls` pay-as-you-go calls of a month were sent, unless another run recorded first. */
    async markPaygReported({ tenantId, period, from, calls }: { tenantId: string; period: string; from: number; calls: number }): Promise<void> {
      await db
        .update(usagePeriods)
        .set({ paygReportedCalls: calls })
        .where(and(eq(usagePeriods.tenantId, tenantId), eq(usagePeriods.period, period), eq(usagePeriods.paygReportedCalls, from)));
    },

    /**
     * Counts a pay-as-you-go call when fewer than `maxCalls` were made this period (the spending
     * limit), with `alongside` written in the same statement as `reserve` does; not held otherwise.
     */
    async reservePayg({
      tenantId,
      period,
      maxCalls,
      alongside,
      lease,
      count = 1,
    }: {
      tenantId: string;
      period: string;
      maxCalls: number;
      alongside?: AlongsideSql;
      lease?: (held: SQL) => SQL;
      count?: number;
    }): Promise<{ held: boolean; wroteAlongside: boolean }> {
      const counted = db
        .update(usagePeriods)
        .set({ paygCalls: sql`${usagePeriods.paygCalls} + ${count}`, updatedAt: new Date() })
        .where(and(eq(usagePeriods.tenantId, tenantId), eq(usagePeriods.period, period), sql`${usagePeriods.paygCalls} + ${count} <= ${maxCalls}`))
        .returning({ tenantId: usagePeriods.tenantId });
      return holdWith(counted.getSQL(), alongside, lease);
    },

    /**
     * Swaps a reservation for the real cost and tokens; `refundCall` un-counts a call that produced
     * nothing. With `holdId`, the hold's lease row goes in the same statement, and a hold the sweep
     * gave back already is not given back twice (its call is counted anew unless refunded).
     */
    async settle(opts: {
      tenantId: string;
      period: string;
      tier: AiTier;
      reserved: string;
      cost: string;
      tokens: number;
      refundCall: boolean;
      payg: boolean;
      holdId?: string;
      event: { at: Date; fileId: string | null; cost: string };
    }): Promise<void> {
      // A call that used nothing (refunded, no tokens) leaves no line in the report.
      if (!opts.refundCall || opts.tokens > 0)
        await db.insert(usageEvents).values({
          tenantId: opts.tenantId,
          period: opts.period,
          at: opts.event.at,
          fileId: opts.event.fileId,
          tier: opts.tier,
          calls: opts.refundCall ? 0 : 1,
          tokens: opts.tokens,
          cost: opts.refundCall && opts.payg ? '0' : opts.event.cost,
          payg: opts.payg,
        });
      const calls = callsColumn(opts.tier);
      const tokens = tokensColumn(opts.tier);
      const { cte, kept } = settledBy(opts.holdId);
      // Held still: a refund un-counts the call. Swept already: the sweep un-counted it, so a used call is counted again.
      const counted = (column: AnyPgColumn) =>
        opts.refundCall ? sql`greatest(${column} - case when ${kept} then 1 else 0 end, 0)` : sql`${column} + case when ${kept} then 0 else 1 end`;
      const where = and(eq(usagePeriods.tenantId, opts.tenantId), eq(usagePeriods.period, opts.period));
      // Billed a call by Stripe: the tokens are recorded, the credit is left alone.
      const update = opts.payg
        ? db
            .update(usagePeriods)
            .set({ [tokensKey(opts.tier)]: sql`${tokens} + ${opts.tokens}`, paygCalls: counted(usagePeriods.paygCalls), updatedAt: new Date() })
            .where(where)
        : db
            .update(usagePeriods)
            .set({
              reserved: sql`greatest(${usagePeriods.reserved} - case when ${kept} then ${opts.reserved}::numeric else 0 end, 0)`,
              cost: sql`${usagePeriods.cost} + ${opts.cost}::numeric`,
              [tokensKey(opts.tier)]: sql`${tokens} + ${opts.tokens}`,
              [callsKey(opts.tier)]: counted(calls),
              updatedAt: new Date(),
            })
            .where(where);
      await db.execute(sql`${cte}${update.getSQL()}`);
    },

    /**
     * Counts a recording's minutes before it is transcribed, in ONE statement against the plan's
     * voice minutes (null: unlimited), so parallel recordings cannot all pass the same check.
     * False: the minutes do not fit.
     */
    async reserveVoice({
      tenantId,
      period,
      minutes,
      limit,
      lease,
    }: {
      tenantId: string;
      period: string;
      minutes: string;
      limit: number | null;
      lease?: (held: SQL) => SQL;
    }): Promise<boolean> {
      if (limit !== null && Number(minutes) > limit) return false;
      const upsert = db
        .insert(usagePeriods)
        .values({ tenantId, period, voiceMinutes: minutes })
        .onConflictDoUpdate({
          target: [usagePeriods.tenantId, usagePeriods.period],
          set: { voiceMinutes: sql`${usagePeriods.voiceMinutes} + ${minutes}::numeric`, updatedAt: new Date() },
          ...(limit !== null ? { setWhere: sql`${usagePeriods.voiceMinutes} + ${minutes}::numeric <= ${String(limit)}::numeric` } : {}),
        })
        .returning({ tenantId: usagePeriods.tenantId });
      return (await holdWith(upsert.getSQL(), undefined, lease)).held;
    },

    /**
     * Replaces a recording's reserved minutes by the minutes it was billed at, with its line in the
     * ledger (none for 0); with `holdId`, as `settle` does (a swept hold's minutes are not taken back twice).
     */
    async settleVoice(opts: {
      tenantId: string;
      period: string;
      reserved: string;
      minutes: string;
      at: Date;
      fileId: string | null;
      holdId?: string;
    }): Promise<void> {
      if (Number(opts.minutes) > 0)
        await db.insert(usageEvents).values({
          tenantId: opts.tenantId,
          period: opts.period,
          at: opts.at,
          fileId: opts.fileId,
          tier: 'voice',
          calls: 0,
          tokens: 0,
          voiceMinutes: opts.minutes,
          cost: '0',
        });
      const { cte, kept } = settledBy(opts.holdId);
      const update = db
        .update(usagePeriods)
        .set({
          voiceMinutes: sql`greatest(${usagePeriods.voiceMinutes} - case when ${kept} then ${opts.reserved}::numeric else 0 end + ${opts.minutes}::numeric, 0)`,
          updatedAt: new Date(),
        })
        .where(and(eq(usagePeriods.tenantId, opts.tenantId), eq(usagePeriods.period, opts.period)));
      await db.execute(sql`${cte}${update.getSQL()}`);
    },
  };
}
export type UsageRepository = ReturnType<typeof createUsageRepository>;
