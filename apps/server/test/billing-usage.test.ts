import { BILLING_USAGE_CSV_HEADER } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import type { FakeStripe } from './fakes/stripe';
import { resetDatabase, type TestApp } from './harness';
import { setUsage, startBillingApp, subscribeToPro, type BillingTestApp } from './billing-support';

describe('the invoice-grade usage report', () => {
  let t: TestApp;
  let billing: BillingTestApp;
  let me: TestUser;
  let other: TestUser;
  let docA = '';
  let docB = '';
  let clock = new Date('2026-03-02T10:00:00Z');

  /** One settled call at `when`: gemini-2.5-flash, 1,000,000 output tokens cost $2.50. */
  async function call({
    when,
    fileId,
    tier = 'fast',
    outputTokens = 1_000_000,
  }: {
    when: string;
    fileId: string | null;
    tier?: 'fast' | 'premium';
    outputTokens?: number;
  }) {
    clock = new Date(when);
    const reservation = await t.services.usage.reserve({ tenantId: me.sub, fileId, tier, modelId: 'gemini-2.5-flash', promptTokens: 0, maxOutputTokens: 10 });
    await t.services.usage.settle({ reservation, inputTokens: 0, outputTokens });
  }

  beforeAll(async () => {
    // Billing on and no subscription: the tenant is on Free, whose $1.00 credit covers these calls.
    billing = await startBillingApp({ ai: false, now: () => clock });
    t = billing.t;
    await resetDatabase(t.database);
    me = await newUser(t.app, 'report');
    other = await newUser(t.app, 'report-other');
    // The report names documents (a comma in the name tests the CSV's quoting); B is deleted afterwards.
    docA = (await me.call('POST', '/api/files/create', { filePath: 'Chapter one, draft', content: doc('words') })).body.file.id as string;
    const created = (await me.call('POST', '/api/files/create', { filePath: 'Old notes', content: doc('words') })).body.file as {
      id: string;
      filePath: string;
    };
    docB = created.id;
    await call({ when: '2026-03-02T10:00:00Z', fileId: docA, outputTokens: 100_000 });
    await call({ when: '2026-03-02T23:59:00Z', fileId: docB, tier: 'premium', outputTokens: 40_000 });
    await call({ when: '2026-03-05T08:00:00Z', fileId: docA, outputTokens: 100_000 });
    // A call that produced nothing is not counted and leaves no line.
    await call({ when: '2026-03-05T09:00:00Z', fileId: 'doc-c', outputTokens: 0 });
    await call({ when: '2026-04-01T00:00:00Z', fileId: docA, outputTokens: 100_000 });
    expect((await me.call('POST', '/api/files/delete', { filePath: created.filePath })).status).toBe(200);
    clock = new Date('2026-03-20T12:00:00Z');
  });
  afterAll(() => billing.close());

  it('gives this month per day and per document, with totals', async () => {
    const res = await me.call('GET', '/api/billing/usage');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      period: '2026-03',
      totals: { fastCalls: 2, premiumCalls: 1, tokens: 240_000, voiceMinutes: 0, cost: 0.6 },
      days: [
        { date: '2026-03-02', fastCalls: 1, premiumCalls: 1, tokens: 140_000, voiceMinutes: 0, cost: 0.35 },
        { date: '2026-03-05', fastCalls: 1, premiumCalls: 0, tokens: 100_000, voiceMinutes: 0, cost: 0.25 },
      ],
      documents: [
        { fileId: docA, name: 'Chapter one, draft', fastCalls: 2, premiumCalls: 0, tokens: 200_000, voiceMinutes: 0, cost: 0.5 },
        // A deleted document keeps its line and figures, without a name.
        { fileId: docB, name: null, fastCalls: 0, premiumCalls: 1, tokens: 40_000, voiceMinutes: 0, cost: 0.1 },
      ],
    });
    expect((await me.call('GET', '/api/billing/usage?period=2026-04')).body.totals.fastCalls).toBe(1);
  });

  it('downloads the same figures as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/usage.csv?period=2026-03', headers: { authorization: `Bearer ${me.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bree-usage-2026-03.csv"');
    expect(res.body.split('\r\n')).toEqual([
      BILLING_USAGE_CSV_HEADER,
      'day,2026-03-02,1,1,140000,0.00,0.350000',
      'day,2026-03-05,1,0,100000,0.00,0.250000',
      'document,"Chapter one, draft",2,0,200000,0.00,0.500000',
      'document,deleted document,0,1,40000,0.00,0.100000',
      'total,2026-03,2,1,240000,0.00,0.600000',
      '',
    ]);
  });

  it("never names another tenant's document, even when a line carries its id", async () => {
    const reservation = await t.services.usage.reserve({
      tenantId: other.sub,
      fileId: docA,
      tier: 'fast',
      modelId: 'gemini-2.5-flash',
      promptTokens: 0,
      maxOutputTokens: 10,
    });
    await t.services.usage.settle({ reservation, inputTokens: 0, outputTokens: 1000 });
    const theirs = await other.call('GET', '/api/billing/usage?period=2026-03');
    expect(theirs.body.documents).toEqual([expect.objectContaining({ fileId: docA, name: null })]);
    const csv = await t.app.inject({ method: 'GET', url: '/api/billing/usage.csv?period=2026-03', headers: { authorization: `Bearer ${other.token}` } });
    expect(csv.body).not.toContain('Chapter one');
    expect(csv.body).toContain('document,deleted document,1,0,');
    await t.database.query('delete from usage_events where tenant_id = $1', [other.sub]);
  });

  it('shows another tenant none of it, and refuses a malformed period', async () => {
    expect((await other.call('GET', '/api/billing/usage?period=2026-03')).body.totals).toEqual({
      fastCalls: 0,
      premiumCalls: 0,
      tokens: 0,
      voiceMinutes: 0,
      cost: 0,
    });
    const bad = await me.call('GET', '/api/billing/usage?period=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
  });
});

describe('the usage report of real AI calls', () => {
  let billing: BillingTestApp;
  let t: TestApp;
  let stripe: FakeStripe;

  beforeAll(async () => {
    billing = await startBillingApp();
    ({ t, stripe } = billing);
  });
  afterAll(() => billing.close());

  it('puts an assistant call on the document it worked on', async () => {
    await resetDatabase(t.database);
    const me = await newUser(t.app, 'report-ai');
    const created = await me.call('POST', '/api/files/create', { filePath: 'Essay', content: doc('rough draft words') });
    const fileId = created.body.file.id as string;
    const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'rough draft words', nodeIds: ['n1'] } });
    expect(started.status).toBe(200);
    await readStream(me, started.body.operationId as string);
    const report = (await me.call('GET', '/api/billing/usage')).body;
    expect(report.documents).toEqual([expect.objectContaining({ fileId, fastCalls: 0, premiumCalls: 1 })]);
    expect(report.totals.tokens).toBeGreaterThan(0);
  });

  it('holds an assistant call against the plan the author has now: Pro, then pay-as-you-go past the credit, then 402', async () => {
    await resetDatabase(t.database);
    const me = await newUser(t.app, 'plan-ai');
    const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Essay', content: doc('rough draft words') })).body.file.id as string;
    const enhance = () => me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'rough draft words', nodeIds: ['n1'] } });
    const spent = (cost: string) => setUsage(t, { tenantId: me.sub, cost });
    // Free: its $1 credit spent, the call is refused before anything is queued.
    await spent('1');
    expect((await enhance()).body.error).toMatchObject({ code: 'budget_exceeded' });
    // Pro: the same spending leaves $19.
    await subscribeToPro(t.app, stripe, me);
    const pro = await enhance();
    expect(pro.status).toBe(200);
    await readStream(me, pro.body.operationId as string);
    // Past the Pro credit with a spending limit of one call: that call runs as pay-as-you-go, the next is refused.
    await spent('20');
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 0.01 })).status).toBe(200);
    const payg = await enhance();
    expect(payg.status).toBe(200);
    await readStream(me, payg.body.operationId as string);
    expect((await me.call('GET', '/api/billing/budget')).body.payAsYouGo).toMatchObject({ accumulatedCalls: 1 });
    expect((await enhance()).body.error).toMatchObject({ code: 'budget_exceeded' });
  });

  it('stores a chat question with a pay-as-you-go hold too, and none past the spending limit', async () => {
    await resetDatabase(t.database);
    const me = await newUser(t.app, 'plan-chat');
    const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Essay', content: doc('rough draft words') })).body.file.id as string;
    await subscribeToPro(t.app, stripe, me);
    await setUsage(t, { tenantId: me.sub, cost: '20' });
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 0.01 })).status).toBe(200);
    const answered = await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Paid by the call?' });
    expect(answered.status).toBe(200);
    const refused = await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'And once more?' });
    expect(refused.body.error).toMatchObject({ code: 'budget_exceeded' });
    const messages = (await me.call('GET', `/api/chat/${fileId}`)).body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[0]!.content).toBe('Paid by the call?');
    expect((await me.call('GET', '/api/billing/budget')).body.payAsYouGo).toMatchObject({ accumulatedCalls: 1 });
  });
});
