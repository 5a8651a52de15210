import { PAYG_DOLLARS_PER_CALL } from '@bree/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import type { Mailer } from '../../lib/mailer';
import { PLANS, periodOf } from '../usage/usage.plans';
import type { UsageService } from '../usage/usage.service';
import { usagePlanOf } from './billing.plans';
import type { BillingRepository } from './billing.repository';
import { billingNotices } from './billing.table';

/** docs/BILLING.md#notices: a notice once a cap is 80 % used. */
const NOTICE_SHARE = 0.8;

type NoticeKind = 'payg-started' | 'credit-80' | 'fast-80' | 'premium-80' | 'voice-80';
type PeriodFigures = Awaited<ReturnType<UsageService['periodFigures']>>[number];

/** The notices a month's figures call for under a plan (the web shows the same ones: features/billing/usageNotices.ts). */
function noticesOf({ row, plan }: { row: PeriodFigures; plan: keyof typeof PLANS }): { kind: NoticeKind; line: string }[] {
  const limits = PLANS[plan];
  const near = (value: number, cap: number | null) => cap !== null && cap > 0 && value >= cap * NOTICE_SHARE;
  const notices: { kind: NoticeKind; line: string }[] = [];
  if (row.paygCalls > 0)
    notices.push({
      kind: 'payg-started',
      line: `Pay-as-you-go has begun: calls now cost about $${PAYG_DOLLARS_PER_CALL.toFixed(2)} each, up to your spending limit.`,
    });
  if (near(row.cost, limits.creditDollars)) notices.push({ kind: 'credit-80', line: "You have used 80 % of this month's AI credit." });
  if (near(row.fastCalls, limits.fastCalls))
    notices.push({ kind: 'fast-80', line: `You have used ${row.fastCalls} of this month's ${limits.fastCalls} Fast calls.` });
  if (near(row.premiumCalls, limits.premiumCalls))
    notices.push({ kind: 'premium-80', line: `You have used ${row.premiumCalls} of this month's ${limits.premiumCalls} Premium calls.` });
  if (near(row.voiceMinutes, limits.voiceMinutes))
    notices.push({ kind: 'voice-80', line: `You have used ${Math.round(row.voiceMinutes)} of this month's ${limits.voiceMinutes} voice minutes.` });
  return notices;
}

/**
 * The usage notices by mail (docs/BILLING.md#notices): once a period per tenant and threshold, sent
 * right after the call that crossed it (`sendFor`) and caught up by the hourly job (`send`). The row in
 * billing_notices is claimed before the mail goes (insert … on conflict do nothing), so of several
 * senders at once — calls ending together, several Bree processes, the hourly job — exactly one sends
 * each notice; a mail that fails is not retried (a notice, not a bill).
 */
export function createUsageNoticeMailer({
  db,
  repository,
  usage,
  mailer,
  emailOf,
  publicUrl,
  now,
}: {
  db: Db;
  repository: Pick<BillingRepository, 'planFields'>;
  usage: Pick<UsageService, 'periodFigures' | 'tenantFigures'>;
  mailer: Mailer;
  emailOf: (tenantId: string) => Promise<string | null>;
  publicUrl: string;
  now: () => Date;
}) {
  async function claim({ tenantId, period, kind }: { tenantId: string; period: string; kind: NoticeKind }): Promise<boolean> {
    const rows = await db
      .insert(billingNotices)
      .values({ tenantId, period, kind, sentAt: now() })
      .onConflictDoNothing()
      .returning({ kind: billingNotices.kind });
    return rows.length === 1;
  }

  /** Mails one tenant the notices its figures call for that nobody claimed yet; true when a mail went. */
  async function mailTenant({ row, period, done }: { row: PeriodFigures; period: string; done: (kind: NoticeKind) => boolean }): Promise<boolean> {
    const plan = usagePlanOf(await repository.planFields(row.tenantId));
    const fresh = noticesOf({ row, plan }).filter((notice) => !done(notice.kind));
    if (fresh.length === 0) return false;
    const to = await emailOf(row.tenantId);
    if (!to) return false;
    const lines: string[] = [];
    for (const notice of fresh) if (await claim({ tenantId: row.tenantId, period, kind: notice.kind })) lines.push(notice.line);
    if (lines.length === 0) return false;
    const text = `${lines.join('\n')}\n\nSee your usage and the pay-as-you-go setting: ${publicUrl.replace(/\/$/, '')}/subscription\n`;
    try {
      await mailer.send({ to, subject: 'Your Bree usage this month', text });
      return true;
    } catch {
      // Claimed already: the in-app notice still shows; a notice is never sent twice.
      return false;
    }
  }

  return {
    /** The hourly catch-up: mails every tenant this month's new notices; returns how many mails went. */
    async send(): Promise<number> {
      const period = periodOf(now());
      const claimed = await db.execute(sql`select tenant_id, kind from ${billingNotices} where period = ${period}`);
      const done = new Set(((claimed as { rows?: { tenant_id: string; kind: string }[] }).rows ?? []).map((r) => `${r.tenant_id}:${r.kind}`));
      let sent = 0;
      for (const row of await usage.periodFigures({ period }))
        if (await mailTenant({ row, period, done: (kind) => done.has(`${row.tenantId}:${kind}`) })) sent += 1;
      return sent;
    },

    /** Right after a call of `tenantId` was settled: mails the notices it may have crossed; true when a mail went. */
    async sendFor({ tenantId }: { tenantId: string }): Promise<boolean> {
      const period = periodOf(now());
      const row = await usage.tenantFigures({ tenantId, period });
      // The claim decides who sends: a notice claimed already is skipped there, never mailed twice.
      return row ? mailTenant({ row, period, done: () => false }) : false;
    },
  };
}
