import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { periodOf } from '../src/modules/usage/usage.plans';
import { newUser, type TestUser } from './api-client';
import { subscribeToPro } from './billing-support';
import { startSmtpSink, type SmtpSink } from './fakes/smtp-sink';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** docs/BILLING.md#notices: with SMTP_URL, 80 % of a cap and pay-as-you-go beginning are mailed once a period. */
describe('usage notices by mail', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let sink: SmtpSink;
  let me: TestUser;

  const setUsage = (tenantId: string, columns: { premium_calls?: number; payg_calls?: number; cost?: string }) =>
    t.database.query(
      `insert into usage_periods (tenant_id, period, premium_calls, payg_calls, cost) values ($1, $2, $3, $4, $5::numeric)
       on conflict (tenant_id, period) do update set premium_calls = excluded.premium_calls, payg_calls = excluded.payg_calls, cost = excluded.cost`,
      [tenantId, periodOf(new Date()), columns.premium_calls ?? 0, columns.payg_calls ?? 0, columns.cost ?? '0'],
    );
  const emails = new Map<string, string>();
  const user = async (label: string) => {
    const email = `${label}-${Date.now()}-${emails.size}@example.com`;
    const made = await newUser(t.app, label, email);
    emails.set(made.sub, email);
    return made;
  };
  /** The usage notices mailed to a user (sign-up's own mails left out). */
  const mailsTo = (who: TestUser) => sink.mails.filter((mail) => mail.to.includes(emails.get(who.sub) ?? '') && mail.subject === 'Your Bree usage this month');

  beforeAll(async () => {
    stripe = await startFakeStripe();
    sink = await startSmtpSink();
    t = await createTestApp({ ...fakeStripeEnv(stripe), SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await sink.close();
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
    sink.mails.length = 0;
    me = await user('notices');
    await subscribeToPro(t.app, stripe, me);
  });

  it('mails 80 % of the Premium calls once, even from several runs at once, and nothing below 80 %', async () => {
    await setUsage(me.sub, { premium_calls: 199 });
    expect(await t.services.billing.sendUsageNotices()).toBe(0);
    await setUsage(me.sub, { premium_calls: 200 });
    const runs = await Promise.all([t.services.billing.sendUsageNotices(), t.services.billing.sendUsageNotices(), t.services.billing.sendUsageNotices()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const [mail] = mailsTo(me);
    expect(mailsTo(me)).toHaveLength(1);
    expect(mail).toMatchObject({ subject: 'Your Bree usage this month' });
    expect(mail?.text).toContain("You have used 200 of this month's 250 Premium calls.");
    expect(mail?.text).toContain('/subscription');
    expect(await t.services.billing.sendUsageNotices()).toBe(0);
  });

  it('mails when pay-as-you-go begins, once, and only to the tenant it concerns', async () => {
    const other = await user('notices-other');
    await setUsage(other.sub, { premium_calls: 3 });
    await setUsage(me.sub, { payg_calls: 1, cost: '20' });
    expect(await t.services.billing.sendUsageNotices()).toBe(1);
    const [mail] = mailsTo(me);
    expect(mail?.text).toContain('Pay-as-you-go has begun: calls now cost about $0.01 each');
    expect(mail?.text).toContain("You have used 80 % of this month's AI credit.");
    expect(mailsTo(other)).toHaveLength(0);
    await setUsage(me.sub, { payg_calls: 5, cost: '20' });
    expect(await t.services.billing.sendUsageNotices()).toBe(0);
  });
});
