import { PAYG_DOLLARS_PER_CALL, type AiTier, type UsageCurrent } from '@bree/contracts';
import type { Db } from '../../db/db';
import { usageErrors, type RanOut } from './usage.errors';
import { createHoldLeases } from './usage.holds';
import { PLANS, periodOf, priceOf, reservationDollars, type PlanName } from './usage.plans';
import { presentUsage } from './usage.presenter';
import { refusalDetails } from './usage.refusal';
import { createUsageRepository, type AlongsideSql } from './usage.repository';

export type { AlongsideSql } from './usage.repository';

/** Budget held for one running call, priced for its model; settle it exactly once. Plain data: it travels in a job. */
export interface Reservation {
  tenantId: string;
  period: string;
  tier: AiTier;
  modelId: string;
  dollars: string;
  /** The document the call works on (the usage report groups by it). */
  fileId?: string | null;
  /** A pay-as-you-go call (past the Pro credit): billed by Stripe a call, so it holds no credit. */
  payg?: boolean;
  /** The hold's lease row (usage.holds.ts): absent for a hold a job carries, which its job's run settles. */
  holdId?: string;
}

/** The plan a tenant has now, and its pay-as-you-go spending limit in dollars (0: none). */
export interface TenantPlan {
  plan: PlanName;
  paygSpendingLimit: number;
  /** Billing is on, so a Pro writer could turn pay-as-you-go on: a call it would take is refused with payg_off. */
  paygOffered?: boolean;
}

/** What a call needs held: its worst case is priced from these. */
export interface ReserveArgs {
  tenantId: string;
  fileId?: string | null;
  tier: AiTier;
  modelId: string;
  promptTokens: number;
  maxOutputTokens: number;
  /** The tenant's plan when the caller read it already, alongside its own reads: the hold is then its only round trip. */
  tenantPlan?: TenantPlan;
  /**
   * The reservation travels in a pg-boss job (an AI operation, a variant), whose run settles it even
   * after this process dies: it takes no lease of this process, so the sweep leaves it to the job.
   */
  heldByJob?: boolean;
  /**
   * Calls held at once, all or none (alternatives, docs/BILLING.md "Several calls at once"): the
   * returned reservation is one call's, and each call settles its own. Only for holds jobs carry.
   */
  count?: number;
}

/** Voice minutes held for one recording; settle it exactly once. */
export interface VoiceReservation {
  tenantId: string;
  period: string;
  /** Minutes as the numeric column holds them. */
  minutes: string;
  fileId: string | null;
  holdId?: string;
}

/** Seconds as the minutes column holds them, rounded up to the hundredth of a minute. */
const toMinutes = (seconds: number): string => (Math.ceil((Math.max(0, seconds) / 60) * 100 - 1e-9) / 100).toFixed(2);

/** Dollars as the numeric columns hold them, rounded up so a hold never falls short of its worst case. */
const toDollars = (dollars: number): string => (Math.ceil(dollars * 1e6) / 1e6).toFixed(6);

/** Budget reservation, metering and usage figures. */
export function createUsageService({
  db,
  plan,
  now,
  planOf = async () => ({ plan, paygSpendingLimit: 0 }),
  holds = {},
  afterSettle = () => undefined,
}: {
  db: Db;
  plan: PlanName;
  now: () => Date;
  /** Per-tenant plans (billing); without it every tenant has `plan`. */
  planOf?: (tenantId: string) => Promise<TenantPlan>;
  /** This process's name on the holds it runs calls under (a random one by default) and how often it renews them. */
  holds?: { owner?: string; renewEverySeconds?: number };
  /** Told after each settled call or recording (billing mails the usage notices it crossed); must not throw or wait. */
  afterSettle?: (args: { tenantId: string }) => void;
}) {
  const repository = createUsageRepository({ db });
  const leases = createHoldLeases({ db, now, ...holds });

  /** A new lease for the call about to be held (none for a job's), and its row's SQL. */
  function leaseFor(reservation: Reservation, heldByJob: boolean | undefined) {
    if (heldByJob) return { reservation, lease: undefined };
    const holdId = leases.newId();
    const { tenantId, period, tier, dollars, payg = false } = reservation;
    return { reservation: { ...reservation, holdId }, lease: leases.insertFrom({ id: holdId, tenantId, period, tier, dollars, payg, voiceMinutes: '0' }) };
  }

  async function reserveAlong(
    { tenantId, tier, modelId, promptTokens, maxOutputTokens, fileId = null, tenantPlan: known, heldByJob, count = 1 }: ReserveArgs,
    alongside?: (reservation: Reservation) => AlongsideSql | null,
  ): Promise<{ reservation: Reservation; wroteAlongside: boolean }> {
    // A lease row stands for one call of this process; several calls at once travel in their jobs.
    if (count > 1 && !heldByJob) throw new Error('Several calls are held at once only for jobs that carry their holds.');
    const period = periodOf(now());
    const dollars = toDollars(reservationDollars({ modelId, tier, promptTokens, maxOutputTokens }));
    const total = (Number(dollars) * count).toFixed(6);
    const { plan: tenantPlan, paygSpendingLimit, paygOffered = false } = known ?? (await planOf(tenantId));
    const limits = PLANS[tenantPlan];
    const credit = leaseFor({ tenantId, period, tier, modelId, dollars, fileId }, heldByJob);
    const { held, wroteAlongside } = await repository.reserve({
      tenantId,
      period,
      tier,
      dollars: total,
      limits,
      alongside: alongside?.(credit.reservation) ?? undefined,
      lease: credit.lease,
      count,
    });
    if (held) return { reservation: leased(credit.reservation), wroteAlongside };
    // Past the Pro budget, pay-as-you-go takes over up to the spending limit the user set, and
    // only once they set one: no surprise charges (docs/BILLING.md#pay-as-you-go).
    const paygCalls = Math.floor(paygSpendingLimit / PAYG_DOLLARS_PER_CALL + 1e-9);
    if (tenantPlan === 'pro' && paygCalls <= 0 && paygOffered) {
      // Named like every refusal (docs/BILLING.md#refusals): what ran out and what is left, e.g. Fast's calls.
      const known = refusalDetails({
        tier,
        plan: tenantPlan,
        limits,
        row: await repository.find({ tenantId, period }),
        paygSpendingLimit,
        paygTried: false,
        calls: count,
      });
      throw usageErrors.paygOff({ ...known, ranOut: known.ranOut as RanOut });
    }
    if (tenantPlan === 'pro' && paygCalls > 0) {
      const payg = leaseFor({ tenantId, period, tier, modelId, dollars: '0', fileId, payg: true }, heldByJob);
      const counted = await repository.reservePayg({
        tenantId,
        period,
        maxCalls: paygCalls,
        alongside: alongside?.(payg.reservation) ?? undefined,
        lease: payg.lease,
        count,
      });
      if (counted.held) return { reservation: leased(payg.reservation), wroteAlongside: counted.wroteAlongside };
    }
    // The refusal names what ran out (docs/BILLING.md#refusals): one read, on the refused path only.
    const row = await repository.find({ tenantId, period });
    const paygTried = tenantPlan === 'pro' && paygCalls > 0;
    throw usageErrors.budgetExceeded(refusalDetails({ tier, plan: tenantPlan, limits, row, paygSpendingLimit, paygTried, calls: count }));
  }

  /** A hold of this process now runs: its lease is renewed until it is settled. */
  function leased<T extends { holdId?: string }>(hold: T): T {
    if (hold.holdId) leases.started();
    return hold;
  }

  /** Runs a settlement; the hold's renewals end with it, even when it fails (the sweep then gives the hold back). */
  async function settling(holdId: string | undefined, settlement: Promise<void>, tenantId: string): Promise<void> {
    try {
      await settlement;
    } finally {
      if (holdId) leases.ended();
    }
    afterSettle({ tenantId });
  }

  return {
    /** The plan that meters a tenant's calls now (a read while billing is on), for a caller that reads it alongside others. */
    planOf,

    /**
     * Holds a call's worst-case cost (see reservationDollars) and counts the call, in one statement
     * against the monthly credit and the tier's call cap; throws 402 budget_exceeded when either has no room
     * (402 payg_off for a Pro tenant that has not turned pay-as-you-go on).
     */
    async reserve(args: ReserveArgs): Promise<Reservation> {
      return (await reserveAlong(args)).reservation;
    },

    /**
     * `reserve`, with `alongside(reservation)` written in the reservation's own statement (see the
     * repository), a pay-as-you-go one included: `wroteAlongside` says it was.
     */
    reserveAlong,

    /** Replaces the reservation by the call's real usage; a call with no tokens at all is not counted. */
    async settle({ reservation, inputTokens, outputTokens }: { reservation: Reservation; inputTokens: number; outputTokens: number }): Promise<void> {
      const cost = priceOf({ modelId: reservation.modelId, tier: reservation.tier, inputTokens, outputTokens });
      const settlement = repository.settle({
        tenantId: reservation.tenantId,
        period: reservation.period,
        tier: reservation.tier,
        reserved: reservation.dollars,
        cost: cost.toFixed(6),
        tokens: inputTokens + outputTokens,
        refundCall: outputTokens === 0,
        payg: reservation.payg === true,
        ...(reservation.holdId ? { holdId: reservation.holdId } : {}),
        event: {
          at: now(),
          fileId: reservation.fileId ?? null,
          cost: (reservation.payg ? PAYG_DOLLARS_PER_CALL : cost).toFixed(6),
        },
      });
      await settling(reservation.holdId, settlement, reservation.tenantId);
    },

    /**
     * Holds a recording's minutes (rounded up to the hundredth the column keeps) against the plan's
     * voice minutes; throws 402 voice_minutes_exceeded when they do not fit.
     */
    async reserveVoice({ tenantId, seconds, fileId = null }: { tenantId: string; seconds: number; fileId?: string | null }): Promise<VoiceReservation> {
      const period = periodOf(now());
      const minutes = toMinutes(seconds);
      const { plan: tenantPlan } = await planOf(tenantId);
      const holdId = leases.newId();
      const lease = leases.insertFrom({ id: holdId, tenantId, period, tier: 'voice', dollars: '0', payg: false, voiceMinutes: minutes });
      if (!(await repository.reserveVoice({ tenantId, period, minutes, limit: PLANS[tenantPlan].voiceMinutes, lease })))
        throw usageErrors.voiceMinutesExceeded();
      return leased({ tenantId, period, minutes, fileId, holdId });
    },

    /** Replaces a voice reservation by the seconds really transcribed (0: the transcription failed and costs nothing). */
    async settleVoice({ reservation, seconds }: { reservation: VoiceReservation; seconds: number }): Promise<void> {
      const settlement = repository.settleVoice({
        tenantId: reservation.tenantId,
        period: reservation.period,
        reserved: reservation.minutes,
        minutes: toMinutes(seconds),
        at: now(),
        fileId: reservation.fileId,
        ...(reservation.holdId ? { holdId: reservation.holdId } : {}),
      });
      await settling(reservation.holdId, settlement, reservation.tenantId);
    },

    /** This process's name on the holds it runs calls under. */
    holdOwner: leases.owner,

    /** Pushes the lease of every hold this process runs forward (its own timer does this while calls run). */
    renewHolds: (): Promise<number> => leases.renew(),

    /**
     * Gives back the holds whose process died mid-call (their lease ran out): run at start-up and
     * every minute by the jobs. Returns how many were given back.
     */
    sweepHolds: (): Promise<number> => leases.sweep(),

    /** A month's money figures for billing: credit spent, pay-as-you-go calls and their tokens. */
    async billingFigures({ tenantId, period }: { tenantId: string; period: string }): Promise<{ cost: number; paygCalls: number; paygTokens: number }> {
      const row = await repository.find({ tenantId, period });
      return { cost: Number(row?.cost ?? 0), paygCalls: row?.paygCalls ?? 0, paygTokens: await repository.paygTokens({ tenantId, period }) };
    },

    /** Every tenant's settled figures of one month (credit, calls, minutes, pay-as-you-go calls), for the usage notices. */
    periodFigures: (opts: { period: string }) => repository.periodFigures(opts),

    /** One tenant's settled figures of a month, shaped as periodFigures gives them (null: no usage yet). */
    async tenantFigures({ tenantId, period }: { tenantId: string; period: string }) {
      const row = await repository.find({ tenantId, period });
      if (!row) return null;
      const { fastCalls, premiumCalls, paygCalls } = row;
      return { tenantId, cost: Number(row.cost), fastCalls, premiumCalls, voiceMinutes: Number(row.voiceMinutes), paygCalls };
    },

    /** Months before `before` whose pay-as-you-go calls are not all sent to Stripe yet. */
    unreportedPayg: (opts: { before: string }) => repository.unreportedPayg(opts),
    markPaygReported: (opts: { tenantId: string; period: string; from: number; calls: number }) => repository.markPaygReported(opts),

    /** This month's usage record. */
    async current({ tenantId }: { tenantId: string }): Promise<UsageCurrent> {
      const period = periodOf(now());
      const { plan: tenantPlan, paygSpendingLimit, paygOffered = false } = await planOf(tenantId);
      const usage = presentUsage({ period, row: await repository.find({ tenantId, period }), limits: PLANS[tenantPlan] });
      // The client's budget check leaves a call pay-as-you-go could take to the server (docs/BILLING.md#refusals).
      return tenantPlan === 'pro' && paygOffered ? { ...usage, payg: { available: true, on: paygSpendingLimit > 0 } } : usage;
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
