import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './auth-helpers';
import { createTestApp, resetDatabase, type TestApp } from './harness';

describe('HTTP hygiene: error shapes, limits and headers', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: '4096', SUPPORT_EMAIL: 'help@bree.example' });
    await resetDatabase(t.database);
    const { accessToken, sub } = await signUp(t.app, { email: 'hygiene@example.com', password: 'long enough pw' });
    auth = { authorization: `Bearer ${accessToken}`, 'x-tenant-id': sub };
  });
  afterAll(() => t.close());

  it('reports health publicly with the database state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('answers malformed JSON with 400 invalid_json', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
  });

  it('answers wrong types with 400 validation_failed naming the fields', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: auth, payload: { email: 42, emailVerified: 'yes' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.fields).toEqual(expect.arrayContaining(['email', 'emailVerified']));
    expect(body.error.message).toContain('email');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: auth,
      payload: { email: 'a@b.co', name: 'x'.repeat(8000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('never sends a stack trace', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: auth, payload: '[' });
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message']);
  });

  it('sends security headers: CSP without inline scripts, nosniff, no framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('lets only the silent sign-in callback be framed, and only by Bree itself', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/silent-callback?code=x' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const other = await t.app.inject({ method: 'GET', url: '/app' });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves the sign-in configuration publicly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().oidc).toMatchObject({ mode: 'embedded', authority: 'http://localhost:3999/oidc', clientId: 'bree-web' });
    // No ANALYTICS_* settings: the app loads no analytics script.
    expect(res.json().analytics).toBeNull();
    expect(res.json().supportEmail).toBe('help@bree.example');
  });

  it('saves the profile sent after sign-in and reports tenant status', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/tenant/status', headers: auth });
    expect(before.json().initialized).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/tenant/initialize', headers: auth, payload: { tenantId: auth['x-tenant-id'] } });
    const after = await t.app.inject({ method: 'GET', url: '/api/tenant/status', headers: auth });
    expect(after.json()).toEqual({ tenantId: auth['x-tenant-id'], initialized: true });
    const again = await t.app.inject({ method: 'POST', url: '/api/tenant/initialize', headers: auth, payload: { tenantId: auth['x-tenant-id'] } });
    expect(again.json().created).toBe(false);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: auth,
      payload: { email: 'hygiene@example.com', name: 'Hy', emailVerified: true },
    });
    expect(profile.statusCode).toBe(200);
    // The token does not vouch for this address, so the browser's emailVerified is not taken (docs/BILLING.md#notices).
    expect(profile.json().profile).toEqual({ email: 'hygiene@example.com', name: 'Hy', emailVerified: false });
  });
});

describe('security headers reach pages served by the embedded issuer', () => {
  it('sends the CSP and nosniff on /oidc responses', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await t.close();
    }
  });
});
