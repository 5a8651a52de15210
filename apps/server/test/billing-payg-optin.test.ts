import { PAYG_DOLLARS_PER_CALL } from '@bree/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { periodOf } from '../src/modules/usage/usage.plans';
import { createAiTestApp, readStream } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import { subscribeToPro } from './billing-support';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { resetDatabase, type TestApp } from './harness';

/** docs/BILLING.md#pay-as-you-go: no surprise charges — pay-as-you-go runs only once the writer turned it on with a limit. */
describe('pay-as-you-go is off until the writer turns it on', () => {
  let t: TestApp;
  let ai: FakeAiProvider;
  let stripe: FakeStripe;
  let me: TestUser;
  let fileId: string;

  const enhance = () => me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'rough draft words', nodeIds: ['n1'] } });
  const setUsage = (columns: { cost?: string; premium_calls?: number }) =>
    t.database.query(
      `insert into usage_periods (tenant_id, period, cost, premium_calls) values ($1, $2, $3::numeric, $4)
       on conflict (tenant_id, period) do update set cost = excluded.cost, premium_calls = excluded.premium_calls`,
      [me.sub, periodOf(new Date()), columns.cost ?? '0', columns.premium_calls ?? 0],
    );

  beforeAll(async () => {
    stripe = await startFakeStripe();
    ({ t, fake: ai } = await createAiTestApp(fakeStripeEnv(stripe)));
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
    await stripe.close();
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
    me = await newUser(t.app, 'payg-optin');
    fileId = (await me.call('POST', '/api/files/create', { filePath: 'Essay', content: doc('rough draft words') })).body.file.id as string;
  });

  it('starts off for a new Pro writer: the budget says so and a call past the credit is refused with payg_off and the price of a call', async () => {
    await subscribeToPro(t.app, stripe, me);
    expect((await me.call('GET', '/api/billing/budget')).body.payAsYouGo).toMatchObject({ enabled: false, spendingLimit: 0, accumulatedCalls: 0 });
    await setUsage({ cost: '20' });
    const refused = await enhance();
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: 'payg_off',
      details: { dollarsPerCall: PAYG_DOLLARS_PER_CALL, ranOut: 'credit', tier: 'premium' },
    });
    expect(refused.body.error.message).toContain('$0.01');
    expect(ai.requests).toHaveLength(0);
    expect((await me.call('GET', '/api/billing/budget')).body.payAsYouGo).toMatchObject({ accumulatedCalls: 0 });
  });

  it('names the call cap that ran out (Premium calls) while credit is left', async () => {
    await subscribeToPro(t.app, stripe, me);
    await setUsage({ cost: '0.5', premium_calls: 250 });
    expect((await enhance()).body.error).toMatchObject({ code: 'payg_off', details: { ranOut: 'premiumCalls', tier: 'premium' } });
  });

  it('keeps a writer who had never set a limit (an existing tenant) off, runs pay-as-you-go once turned on, and refuses again once turned off', async () => {
    await subscribeToPro(t.app, stripe, me);
    // An existing account row with no limit chosen (the old default meant $10 automatically).
    await t.database.query('update billing_accounts set spending_limit = null where tenant_id = $1', [me.sub]);
    await setUsage({ cost: '20' });
    expect((await enhance()).body.error).toMatchObject({ code: 'payg_off' });

    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 5 })).body).toEqual({ spendingLimit: 5 });
    expect((await me.call('GET', '/api/billing/budget')).body.payAsYouGo).toMatchObject({ enabled: true, spendingLimit: 5 });
    const payg = await enhance();
    expect(payg.status).toBe(200);
    await readStream(me, payg.body.operationId as string);
    expect((await me.call('GET', '/api/billing/budget')).body.payAsYouGo).toMatchObject({ accumulatedCalls: 1, accumulatedCost: 0.01 });

    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 0 })).status).toBe(200);
    expect((await enhance()).body.error).toMatchObject({ code: 'payg_off' });
  });

  it("refuses with budget_exceeded (not payg_off) once the writer's own limit is reached, and for a Free writer", async () => {
    await setUsage({ cost: '1' });
    expect((await enhance()).body.error).toMatchObject({ code: 'budget_exceeded' });
    await subscribeToPro(t.app, stripe, me);
    await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 0.01 });
    await setUsage({ cost: '20' });
    const payg = await enhance();
    expect(payg.status).toBe(200);
    await readStream(me, payg.body.operationId as string);
    expect((await enhance()).body.error).toMatchObject({ code: 'budget_exceeded' });
  });

  it("turns on only the caller's own pay-as-you-go (tenancy)", async () => {
    await subscribeToPro(t.app, stripe, me);
    const other = await newUser(t.app, 'payg-other');
    await subscribeToPro(t.app, stripe, other);
    expect((await other.call('POST', '/api/billing/spending-limit', { spendingLimit: 50 })).status).toBe(200);
    expect((await other.call('POST', '/api/billing/spending-limit', { spendingLimit: 50, tenantId: me.sub })).status).toBe(403);
    expect((await me.call('GET', '/api/billing/budget')).body.payAsYouGo).toMatchObject({ enabled: false, spendingLimit: 0 });
    await setUsage({ cost: '20' });
    expect((await enhance()).body.error).toMatchObject({ code: 'payg_off' });
  });
});
