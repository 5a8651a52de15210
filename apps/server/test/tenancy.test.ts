import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVerifiedUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Fills a route's path parameters: tenant parameters get `tenant`, others a harmless id. */
function fillPath(url: string, tenant: string): string {
  return url
    .replace(/:(tenantId|tenant)\b/g, encodeURIComponent(tenant))
    .replace(/:[A-Za-z_]+/g, '01HZZZZZZZZZZZZZZZZZZZZZZZ')
    .replace(/\*$/, 'some%2Fpath.txt');
}

describe('tenancy is enforced for every registered API route', () => {
  let t: TestApp;
  let token: string;
  let sub: string;
  let protectedRoutes: { method: string; url: string }[];

  beforeAll(async () => {
    // An administrator, so the admin routes reach the tenancy rule too (the admin guard answers everyone else first).
    t = await createTestApp({ ADMIN_EMAILS: 'writer@example.com' });
    await resetDatabase(t.database);
    ({ token, sub } = await newVerifiedUser(t, 'writer@example.com'));
    protectedRoutes = t.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && !r.public);
  });
  afterAll(() => t.close());

  it('knows the routes it protects', () => {
    expect(protectedRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/tenant/status', 'POST /api/tenant/initialize', 'PUT /api/users/profile']),
    );
  });

  it('answers 401 without a bearer token on every protected route', async () => {
    for (const route of protectedRoutes) {
      const res = await t.app.inject({ method: route.method as 'GET', url: fillPath(route.url, sub) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('answers 403 tenant_mismatch for another tenant in the X-Tenant-Id header', async () => {
    for (const route of protectedRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, sub),
        headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'someone-else' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error.code).toBe('tenant_mismatch');
    }
  });

  it('answers 403 for another tenant in the query string', async () => {
    for (const route of protectedRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: `${fillPath(route.url, sub)}?tenantId=someone-else`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('answers 403 for another tenant in a JSON body', async () => {
    for (const route of protectedRoutes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: fillPath(route.url, sub),
        headers: { authorization: `Bearer ${token}` },
        payload: { tenantId: 'someone-else' },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error.code).toBe('tenant_mismatch');
    }
  });

  it('answers 403 for another tenant in the path', async () => {
    const withTenantParam = protectedRoutes.filter((r) => /:(tenantId|tenant)\b/.test(r.url));
    for (const route of withTenantParam) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, 'someone-else'),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets the matching tenant through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tenant/initialize',
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': sub },
      payload: { tenantId: sub },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, tenantId: sub, initialized: true });
  });
});
