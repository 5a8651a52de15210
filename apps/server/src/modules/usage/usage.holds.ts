import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { usageHolds } from './usage.table';

/**
 * How long a hold stays with its process without a renewal. The process renews every hold it runs
 * every HOLD_RENEW_SECONDS, so only a process that died (or stalled for this long) loses one; a
 * reply streaming for minutes keeps its hold. After a crash the sweep gives the budget back within
 * about a lease and a minute.
 */
export const HOLD_LEASE_SECONDS = 30;
const HOLD_RENEW_SECONDS = 10;

/** What a hold took, as the sweep must give it back. */
export interface LeasedHold {
  id: string;
  tenantId: string;
  period: string;
  /** 'fast' or 'premium' (one counted call), or 'voice' (minutes). */
  tier: string;
  dollars: string;
  payg: boolean;
  voiceMinutes: string;
}

/**
 * The holds this process runs calls under (usage_holds): written with the reservation, renewed while
 * any call runs, deleted by the settlement (`settledBy`), and swept once their process is gone.
 */
export function createHoldLeases({
  db,
  now,
  owner = randomUUID(),
  renewEverySeconds = HOLD_RENEW_SECONDS,
}: {
  db: Db;
  now: () => Date;
  owner?: string;
  renewEverySeconds?: number;
}) {
  let live = 0;
  let timer: NodeJS.Timeout | null = null;
  const until = () => new Date(now().getTime() + HOLD_LEASE_SECONDS * 1000);

  /** Pushes the lease of every hold of this process forward: one statement however many calls run. */
  async function renew(): Promise<number> {
    const rows = await db.update(usageHolds).set({ heldUntil: until() }).where(eq(usageHolds.owner, owner)).returning({ id: usageHolds.id });
    return rows.length;
  }

  return {
    owner,
    newId: (): string => randomUUID(),

    /** The hold's row written from each row of `source` (the reservation's CTE): it exists exactly when the budget was held. */
    insertFrom(hold: LeasedHold): (source: SQL) => SQL {
      return (source) => sql`insert into ${usageHolds} (id, owner, held_until, tenant_id, period, tier, dollars, payg, voice_minutes)
        select ${hold.id}, ${owner}, ${until().toISOString()}::timestamptz, ${hold.tenantId}, ${hold.period}, ${hold.tier},
          ${hold.dollars}::numeric, ${hold.payg}, ${hold.voiceMinutes}::numeric
        from ${source} returning id`;
    },

    /** A call now runs under a hold of this process: renewals run until the last one ends. */
    started(): void {
      live += 1;
      if (timer) return;
      // A failed renewal is retried at the next tick; the lease outlasts two of them.
      timer = setInterval(() => void renew().catch(() => undefined), renewEverySeconds * 1000);
      timer.unref();
    },

    /** A call's hold was settled (or its settlement failed, leaving the row to the sweep). */
    ended(): void {
      live = Math.max(0, live - 1);
      if (live > 0 || !timer) return;
      clearInterval(timer);
      timer = null;
    },

    renew,

    /**
     * Gives back every hold whose lease ran out (its process died mid-call): the held dollars, the
     * counted call (pay-as-you-go included) and the held minutes, with no line in the ledger, since
     * no usage was reported for a call cut off before its end. One statement: a hold is either
     * swept here or settled by its call, never both. Returns how many holds were given back.
     */
    async sweep(): Promise<number> {
      const [row] = (
        (await db.execute(sql`
        with gone as (
          delete from ${usageHolds} where held_until < ${now().toISOString()}::timestamptz
          returning tenant_id, period, tier, dollars, payg, voice_minutes
        ), totals as (
          select tenant_id, period,
            sum(case when payg then 0 else dollars end) as dollars,
            (count(*) filter (where tier = 'fast' and not payg))::int as fast,
            (count(*) filter (where tier = 'premium' and not payg))::int as premium,
            (count(*) filter (where payg))::int as payg,
            sum(voice_minutes) as minutes
          from gone group by tenant_id, period
        ), released as (
          update usage_periods u set
            reserved = greatest(u.reserved - t.dollars, 0),
            fast_calls = greatest(u.fast_calls - t.fast, 0),
            premium_calls = greatest(u.premium_calls - t.premium, 0),
            payg_calls = greatest(u.payg_calls - t.payg, 0),
            voice_minutes = greatest(u.voice_minutes - t.minutes, 0),
            updated_at = now()
          from totals t where u.tenant_id = t.tenant_id and u.period = t.period
          returning 1
        )
        select (select count(*) from gone)::int as holds, (select count(*) from released)::int as periods`)) as { rows?: { holds: number }[] }
      ).rows ?? [{ holds: 0 }];
      return Number(row?.holds ?? 0);
    },
  };
}
export type HoldLeases = ReturnType<typeof createHoldLeases>;

/**
 * A settlement's own part of a hold: deletes the hold's row and says whether it was still there,
 * as `kept` (an SQL boolean) for the statement that follows `cte`. Swept already (its process
 * stalled past the lease): the sweep gave the hold back, so the settlement must not give it back
 * again, and counts its call anew. No hold id (a job's hold): always kept.
 */
export function settledBy(holdId: string | undefined): { cte: SQL; kept: SQL } {
  if (!holdId) return { cte: sql``, kept: sql`true` };
  return { cte: sql`with gone as (delete from ${usageHolds} where id = ${holdId} returning id) `, kept: sql`exists (select 1 from gone)` };
}
