import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

describe('billing off (no STRIPE_SECRET_KEY)', () => {
  let t: TestApp;
  let me: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_PLAN: 'free' });
    await resetDatabase(t.database);
    me = await newUser(t.app, 'nobilling');
  });
  afterAll(() => t.close());

  it('tells the web app that this server has no billing', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.billing).toEqual({ enabled: false });
    // Without SUPPORT_EMAIL the answer names no address rather than an invented one.
    expect(config).not.toHaveProperty('supportEmail');
  });

  it('answers every billing call with 503 billing_not_configured', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/billing/initialize-welcome'],
      ['POST', '/api/billing/create-checkout-session', { planType: 'PRO' }],
      ['POST', '/api/billing/create-portal-session'],
      ['GET', '/api/billing/subscription-status'],
      ['GET', '/api/billing/token-balance'],
      ['GET', '/api/billing/budget'],
      ['POST', '/api/billing/spending-limit', { spendingLimit: 5 }],
      ['GET', '/api/billing/checkout-session/cs_test_1'],
    ];
    for (const [method, url, body] of calls) {
      const res = await me.call(method as 'GET', url, body);
      expect(res.status, `${method} ${url}`).toBe(503);
      expect(res.body.error.code).toBe('billing_not_configured');
    }
    const hook = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(hook.statusCode).toBe(503);
    expect(await t.database.query('select * from billing_accounts')).toEqual([]);
  });

  it('meters every tenant on DEFAULT_PLAN', async () => {
    expect((await me.call('GET', '/api/usage/current')).body.limits).toEqual({ creditDollars: 1, fastCalls: 50, premiumCalls: 10, voiceMinutes: 0 });
  });
});
