import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStream } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import { setUsage, startBillingApp, subscribeToPro, type BillingTestApp } from './billing-support';
import { startFakeIssuer, type FakeIssuer } from './fake-issuer';
import { startSmtpSink, type SmtpSink } from './fakes/smtp-sink';
import { resetDatabase, type TestApp } from './harness';

/** A writer's one Premium Enhance, run to its end (the call is settled then). */
async function premiumCall(me: TestUser): Promise<void> {
  const fileId = (await me.call('POST', '/api/files/create', { filePath: `Essay ${Date.now()}`, content: doc('rough draft words') })).body.file.id as string;
  const started = await me.call('POST', '/api/ai/operations', {
    fileId,
    action: 'enhance',
    tier: 'premium',
    selection: { text: 'rough draft words', nodeIds: ['n1'] },
  });
  expect(started.status).toBe(200);
  await readStream(me, started.body.operationId as string);
}

/** docs/BILLING.md#notices: with SMTP_URL, 80 % of a cap and pay-as-you-go beginning are mailed once a period. */
describe('usage notices by mail', () => {
  let billing: BillingTestApp;
  let t: TestApp;
  let sink: SmtpSink;
  let me: TestUser;

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
    sink = await startSmtpSink();
    billing = await startBillingApp({ env: { SMTP_URL: sink.url } });
    t = billing.t;
  });
  afterAll(async () => {
    await billing.close();
    await sink.close();
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
    sink.mails.length = 0;
    me = await user('notices');
    await subscribeToPro(t.app, billing.stripe, me);
  });

  it('mails 80 % of the Premium calls once, even from several runs at once, and nothing below 80 %', async () => {
    await setUsage(t, { tenantId: me.sub, premiumCalls: 199 });
    expect(await t.services.billing.sendUsageNotices()).toBe(0);
    await setUsage(t, { tenantId: me.sub, premiumCalls: 200 });
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
    await setUsage(t, { tenantId: other.sub, premiumCalls: 3 });
    await setUsage(t, { tenantId: me.sub, paygCalls: 1, cost: '20' });
    expect(await t.services.billing.sendUsageNotices()).toBe(1);
    const [mail] = mailsTo(me);
    expect(mail?.text).toContain('Pay-as-you-go has begun: calls now cost about $0.01 each');
    expect(mail?.text).toContain("You have used 80 % of this month's AI credit.");
    expect(mailsTo(other)).toHaveLength(0);
    await setUsage(t, { tenantId: me.sub, paygCalls: 5, cost: '20' });
    expect(await t.services.billing.sendUsageNotices()).toBe(0);
  });

  it('mails right after the call that crosses 80 %, without the hourly job, and once for the calls after it', async () => {
    await setUsage(t, { tenantId: me.sub, premiumCalls: 199 });
    await premiumCall(me);
    await vi.waitFor(() => expect(mailsTo(me)).toHaveLength(1));
    expect(mailsTo(me)[0]?.text).toContain("You have used 200 of this month's 250 Premium calls.");
    await premiumCall(me);
    // The hourly catch-up finds the notice claimed: nothing more goes, however the calls' own sends ended.
    expect(await t.services.billing.sendUsageNotices()).toBe(0);
    const claimed = await t.database.query<{ kind: string }>('select kind from billing_notices where tenant_id = $1', [me.sub]);
    expect(claimed.map((row) => row.kind)).toEqual(['premium-80']);
    expect(mailsTo(me)).toHaveLength(1);
  });

  it('mails no account whose address is not confirmed', async () => {
    const unconfirmed = await user('notices-unconfirmed');
    // Sign-up with mail on confirms the address through its link: this account's is not (yet, or any more) confirmed.
    await t.database.query('update users set email_verified = false where id = $1', [unconfirmed.sub]);
    await setUsage(t, { tenantId: unconfirmed.sub, premiumCalls: 9 });
    expect(await t.services.billing.sendUsageNotices()).toBe(0);
    expect(mailsTo(unconfirmed)).toHaveLength(0);
  });
});

/** The same notices for a writer of an external OpenID Connect issuer: mailed to the address their issuer vouched for. */
describe('usage notices by mail with an external issuer', () => {
  let external: FakeIssuer;
  let billing: BillingTestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    external = await startFakeIssuer();
    sink = await startSmtpSink();
    billing = await startBillingApp({ env: { SMTP_URL: sink.url, ...external.env } });
    await resetDatabase(billing.t.database);
  });
  afterAll(async () => {
    await billing.close();
    await sink.close();
    await external.close();
  });

  /** A writer of the issuer, whose profile the app sends after sign-in (PUT /users/profile), claiming the address verified. */
  async function writer({ sub, email, verified }: { sub: string; email: string; verified: boolean }): Promise<TestUser> {
    const token = await external.sign({ sub, email, email_verified: verified });
    const me: TestUser = {
      sub,
      token,
      async call(method, url, payload) {
        const res = await billing.t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}`, 'x-tenant-id': sub },
          ...(payload ? { payload } : {}),
        });
        return { status: res.statusCode, body: res.headers['content-type']?.includes('json') ? res.json() : res.body } as never;
      },
    } as TestUser;
    expect((await me.call('PUT', '/api/users/profile', { email, name: 'Writer', emailVerified: true })).status).toBe(200);
    return me;
  }
  const mailsTo = (email: string) => sink.mails.filter((mail) => mail.to.includes(email) && mail.subject === 'Your Bree usage this month');

  it('mails the address the issuer verified right after the crossing call, and nobody on an address it did not', async () => {
    const vouched = await writer({ sub: 'auth0|vouched', email: 'vouched@example.com', verified: true });
    const unvouched = await writer({ sub: 'auth0|unvouched', email: 'unvouched@example.com', verified: false });
    // Billing on and no subscription: Free, whose 10 Premium calls are 80 % used at the 8th.
    await setUsage(billing.t, { tenantId: vouched.sub, premiumCalls: 7 });
    await setUsage(billing.t, { tenantId: unvouched.sub, premiumCalls: 7 });
    await premiumCall(vouched);
    await premiumCall(unvouched);
    await vi.waitFor(() => expect(mailsTo('vouched@example.com')).toHaveLength(1));
    expect(mailsTo('vouched@example.com')[0]?.text).toContain("You have used 8 of this month's 10 Premium calls.");
    expect(await billing.t.services.billing.sendUsageNotices()).toBe(0);
    expect(mailsTo('unvouched@example.com')).toHaveLength(0);
  });
});
