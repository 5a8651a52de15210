import { budgetRefusalDetailsSchema } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import { setUsage, startBillingApp, subscribeToPro, type BillingTestApp } from './billing-support';
import type { FakeStripe } from './fakes/stripe';
import { resetDatabase, type TestApp } from './harness';

/** docs/BILLING.md#refusals: a 402 says which limit ran out and what is left of the others. */
describe('budget refusals name what ran out', () => {
  let billing: BillingTestApp;
  let t: TestApp;
  let stripe: FakeStripe;

  beforeAll(async () => {
    billing = await startBillingApp();
    ({ t, stripe } = billing);
  });
  afterAll(() => billing.close());

  /** Sets this month's usage row of `user` (billing on: Free unless subscribed). */
  const used = (user: TestUser, columns: { premium?: number; fast?: number; cost?: string }) =>
    setUsage(t, { tenantId: user.sub, premiumCalls: columns.premium ?? 0, fastCalls: columns.fast ?? 0, cost: columns.cost ?? '0' });

  async function writer(name: string) {
    const me = await newUser(t.app, name);
    const fileId = (await me.call('POST', '/api/files/create', { filePath: 'Essay', content: doc('rough draft words') })).body.file.id as string;
    const enhance = (tier: 'fast' | 'premium') =>
      me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', tier, selection: { text: 'rough draft words', nodeIds: ['n1'] } });
    return { me, fileId, enhance };
  }

  it('a Free writer past the 10 Premium calls: premiumCalls ran out, Fast has 48 left, and the same action runs on Fast', async () => {
    await resetDatabase(t.database);
    const { me, enhance } = await writer('free-premium');
    await used(me, { premium: 10, fast: 2, cost: '0.005' });
    const refused = await enhance('premium');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('budget_exceeded');
    const details = budgetRefusalDetailsSchema.parse(refused.body.error.details);
    expect(details).toEqual({
      ranOut: 'premiumCalls',
      tier: 'premium',
      plan: 'free',
      left: { fastCalls: 48, premiumCalls: 0, creditDollars: 0.995 },
      payg: { available: false, on: false },
    });
    const onFast = await enhance('fast');
    expect(onFast.status).toBe(200);
    expect(onFast.body.tier).toBe('fast');
    await readStream(me, onFast.body.operationId as string);
  });

  it('a Free writer whose credit is spent: credit ran out, whatever calls are left', async () => {
    await resetDatabase(t.database);
    const { me, enhance } = await writer('free-credit');
    await used(me, { cost: '1' });
    const refused = await enhance('fast');
    expect(refused.status).toBe(402);
    expect(refused.body.error.details).toEqual({
      ranOut: 'credit',
      tier: 'fast',
      plan: 'free',
      left: { fastCalls: 50, premiumCalls: 10, creditDollars: 0 },
      payg: { available: false, on: false },
    });
  });

  it('a Pro writer past the credit and the spending limit: paygLimit ran out', async () => {
    await resetDatabase(t.database);
    const { me, enhance } = await writer('pro-payg');
    await subscribeToPro(t.app, stripe, me);
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 0.01 })).status).toBe(200);
    await used(me, { cost: '20' });
    const payg = await enhance('fast');
    expect(payg.status).toBe(200);
    await readStream(me, payg.body.operationId as string);
    const refused = await enhance('fast');
    expect(refused.status).toBe(402);
    expect(refused.body.error.details).toMatchObject({ ranOut: 'paygLimit', plan: 'pro', payg: { available: true, on: true } });
  });

  it('a Pro writer past the 250 Premium calls with pay-as-you-go off: payg_off says what ran out and that Fast has 1,000 left', async () => {
    await resetDatabase(t.database);
    const { me, enhance } = await writer('pro-premium');
    await subscribeToPro(t.app, stripe, me);
    await used(me, { premium: 250 });
    const refused = await enhance('premium');
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payg_off');
    expect(budgetRefusalDetailsSchema.parse(refused.body.error.details)).toEqual({
      ranOut: 'premiumCalls',
      tier: 'premium',
      plan: 'pro',
      left: { fastCalls: 1000, premiumCalls: 0, creditDollars: 20 },
      payg: { available: true, on: false },
    });
    expect(refused.body.error.details.dollarsPerCall).toBe(0.01);
  });

  it("tells the client's budget check where pay-as-you-go could take a call: Pro only, on once a limit is set", async () => {
    await resetDatabase(t.database);
    const { me } = await writer('usage-payg');
    expect((await me.call('GET', '/api/usage/current')).body.payg).toBeUndefined();
    await subscribeToPro(t.app, stripe, me);
    expect((await me.call('GET', '/api/usage/current')).body.payg).toEqual({ available: true, on: false });
    expect((await me.call('POST', '/api/billing/spending-limit', { spendingLimit: 5 })).status).toBe(200);
    expect((await me.call('GET', '/api/usage/current')).body.payg).toEqual({ available: true, on: true });
  });

  it("tells a writer only of their own month: another writer's spent credit refuses nothing here", async () => {
    await resetDatabase(t.database);
    const spent = await writer('spent');
    const fresh = await writer('fresh');
    await used(spent.me, { premium: 10, cost: '1' });
    expect((await spent.enhance('premium')).status).toBe(402);
    const mine = await fresh.enhance('premium');
    expect(mine.status).toBe(200);
    await readStream(fresh.me, mine.body.operationId as string);
  });
});
