import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX } from '../src/plugins/admin';
import { periodOf } from '../src/modules/usage/usage.plans';
import { doc, newUser, newVerifiedUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Fills a route's path parameters with a harmless id. */
const fillPath = (url: string) => url.replace(/:[A-Za-z_]+/g, '01HZZZZZZZZZZZZZZZZZZZZZZZ');

describe('the admin guard covers every /api/admin/ route', () => {
  let t: TestApp;
  let writer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    await resetDatabase(t.database);
    writer = await newUser(t.app, 'writer');
    admin = await newVerifiedUser(t, 'boss@example.com');
  });
  afterAll(() => t.close());

  const adminRoutes = () => t.app.routeCatalog.filter((r) => r.url.startsWith(ADMIN_API_PREFIX));

  it('knows the admin routes', () => {
    expect(adminRoutes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/users/totals', 'GET /api/admin/users/list', 'GET /api/admin/users/dailySignups']),
    );
    expect(adminRoutes().every((r) => !r.public)).toBe(true);
  });

  it('answers 401 without a token and 403 forbidden to a signed-in writer who is not an administrator, on every admin route', async () => {
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await t.app.inject({ method: route.method as 'GET', url: fillPath(route.url) });
      expect(anonymous.statusCode, label).toBe(401);
      expect(anonymous.json().error.code, label).toBe('unauthorized');
      const res = await writer.call(route.method as 'GET', fillPath(route.url), route.method === 'GET' ? undefined : {});
      expect(res.status, label).toBe(403);
      expect(res.body.error.code, label).toBe('forbidden');
    }
  });

  it('tells each account whether it is an administrator', async () => {
    expect((await writer.call('GET', '/api/users/access')).body).toEqual({ isAdmin: false, canPublish: false, publishingTenantSet: false });
    // Without PUBLISHING_TENANT the administrator is told it is not set (the Publishing page explains what to set).
    expect((await admin.call('GET', '/api/users/access')).body).toEqual({ isAdmin: true, canPublish: false, publishingTenantSet: false });
  });

  it('lets an administrator through', async () => {
    expect((await admin.call('GET', '/api/admin/users/totals')).status).toBe(200);
  });
});

describe('user metrics and usage come from the accounts, plans and usage stored', () => {
  let t: TestApp;
  let admin: TestUser;
  let freeBusy: TestUser;
  let freeIdle: TestUser;
  let paidBusy: TestUser;
  let paidIdle: TestUser;
  const period = periodOf(new Date());

  async function sql(text: string, params: unknown[] = []) {
    return t.database.query(text, params);
  }
  /** One settled AI call of a user, as the metering records it. */
  async function spend(user: TestUser, cost: number, daysAgo = 0) {
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    await sql('insert into usage_events (tenant_id, period, at, tier, calls, tokens, cost) values ($1, $2, $3, $4, 1, 1200, $5)', [
      user.sub,
      periodOf(at),
      at.toISOString(),
      'fast',
      cost,
    ]);
    await sql(
      `insert into usage_periods (tenant_id, period, fast_calls, fast_tokens, cost) values ($1, $2, 1, 1200, $3)
       on conflict (tenant_id, period) do update set fast_calls = usage_periods.fast_calls + 1, fast_tokens = usage_periods.fast_tokens + 1200, cost = usage_periods.cost + $3`,
      [user.sub, periodOf(at), cost],
    );
  }
  async function subscribe(user: TestUser, status = 'active') {
    await sql('insert into billing_accounts (tenant_id, subscription_status) values ($1, $2)', [user.sub, status]);
  }
  /** Makes an account look as if it was created, and last did anything, long ago. */
  async function age(user: TestUser, days: number) {
    const at = new Date(Date.now() - days * 86_400_000).toISOString();
    await sql('update users set created_at = $2 where id = $1', [user.sub, at]);
    await sql('update tenants set created_at = $2 where id = $1', [user.sub, at]);
    await sql('update user_profiles set updated_at = $2 where tenant_id = $1', [user.sub, at]);
    await sql('update files set content_updated_at = $2 where tenant_id = $1', [user.sub, at]);
  }

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'metrics-boss@example.com' });
    await resetDatabase(t.database);
    admin = await newVerifiedUser(t, 'metrics-boss@example.com');
    freeBusy = await newUser(t.app, 'free-busy', 'free-busy@example.com');
    freeIdle = await newUser(t.app, 'free-idle', 'free-idle@example.com');
    paidBusy = await newUser(t.app, 'paid-busy', 'paid-busy@example.com');
    paidIdle = await newUser(t.app, 'paid-idle', 'paid-idle@example.com');
    for (const u of [admin, freeBusy, freeIdle, paidBusy, paidIdle]) await u.call('POST', '/api/tenant/initialize', { tenantId: u.sub });
    await freeBusy.call('POST', '/api/files/create', { filePath: 'Draft', content: doc('words') });
    await age(freeIdle, 40);
    await age(paidIdle, 40);
    await age(admin, 40);
    await subscribe(paidBusy);
    await subscribe(paidIdle, 'past_due');
    await spend(paidBusy, 0.5);
    await spend(paidBusy, 0.25, 2);
    await spend(freeBusy, 0.25, 10);
    await spend(freeIdle, 2, 35);
  });
  afterAll(() => t.close());

  it('counts each segment and the spending of the default 28 days', async () => {
    const res = await admin.call('GET', '/api/admin/users/totals');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      newSignups: 2,
      freeActive: 1,
      freeInactive: 2,
      paidActive: 1,
      paidInactive: 1,
      costInsights: { totalSpending: 1, averageSpending: 0.5 },
    });
  });

  it('narrows to 7 days: only newer spending counts, and a document edited today keeps its writer active', async () => {
    const res = await admin.call('GET', '/api/admin/users/totals?range=7d');
    expect(res.body.data).toMatchObject({ freeActive: 1, freeInactive: 2, paidActive: 1, costInsights: { totalSpending: 0.75, averageSpending: 0.75 } });
  });

  it('lists a segment with each user row, and the e-mail lookup finds the same row', async () => {
    const res = await admin.call('GET', '/api/admin/users/list?segment=paidActive');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.nextCursor).toBeNull();
    const [row] = res.body.data.items;
    expect(row).toMatchObject({ userId: paidBusy.sub, email: 'paid-busy@example.com', subscriptionStatus: 'active', monthlySpending: expect.any(Number) });
    expect(row.monthlySpending).toBeGreaterThanOrEqual(0.5);
    expect(Date.parse(row.lastActiveAt)).toBeGreaterThan(Date.now() - 60_000);
    const found = await admin.call('GET', '/api/admin/users/lookup?email=PAID-busy%40example.com');
    expect(found.body.data).toEqual(row);
    const missing = await admin.call('GET', '/api/admin/users/lookup?email=nobody%40example.com');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('user_not_found');
  });

  it('pages a segment with keyset cursors, without repeats or gaps', async () => {
    const first = await admin.call('GET', '/api/admin/users/list?segment=freeInactive&limit=1');
    expect(first.body.data.total).toBe(2);
    expect(first.body.data.items).toHaveLength(1);
    const next = await admin.call('GET', `/api/admin/users/list?segment=freeInactive&limit=1&cursor=${first.body.data.nextCursor}`);
    expect(next.body.data.items).toHaveLength(1);
    const last = await admin.call('GET', `/api/admin/users/list?segment=freeInactive&limit=1&cursor=${next.body.data.nextCursor}`);
    expect(last.body.data).toMatchObject({ items: [], nextCursor: null });
    const ids = [...first.body.data.items, ...next.body.data.items].map((r: { userId: string }) => r.userId);
    expect(ids.sort()).toEqual([freeIdle.sub, admin.sub].sort());
    const forged = await admin.call('GET', '/api/admin/users/list?segment=freeInactive&cursor=bm9wZQ');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_cursor');
    expect((await admin.call('GET', '/api/admin/users/list?segment=everyone')).status).toBe(400);
  });

  it('charts sign-ups per day over the last 30 days, days without any included', async () => {
    const res = await admin.call('GET', '/api/admin/users/dailySignups');
    expect(res.body.data).toHaveLength(30);
    expect(res.body.data.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 2 });
    expect(res.body.data.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(2);
    const reversed = await admin.call('GET', '/api/admin/users/dailySignups?from=2026-02-01&to=2026-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.code).toBe('invalid_input');
  });

  it("shows one user's months of usage, the current month first", async () => {
    const res = await admin.call('GET', `/api/admin/users/${freeIdle.sub}/usage`);
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe('free-idle@example.com');
    expect(res.body.data.periods[0]).toMatchObject({ period, fastCalls: 0, cost: 0 });
    expect(res.body.data.periods).toContainEqual(expect.objectContaining({ fastCalls: 1, fastTokens: 1200, cost: 2 }));
    const unknown = await admin.call('GET', '/api/admin/users/nobody-at-all/usage');
    expect(unknown.status).toBe(404);
  });
});
