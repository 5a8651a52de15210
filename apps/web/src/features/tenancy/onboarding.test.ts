import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { runFirstTimeTenantFlow } from './onboarding';

type Route = (body: unknown) => Response;

function fakeServer(routes: Record<string, Route>) {
  const seen: Array<{ key: string; body: unknown; tenant: string | undefined }> = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({ key, body, tenant: (init?.headers as Record<string, string>)['X-Tenant-Id'] });
    const route = routes[key];
    return route ? route(body) : new Response(JSON.stringify({ error: { code: 'not_found', message: 'nope' } }), { status: 404 });
  });
  let tenant = 'default-tenant';
  const api = createApiClient({
    fetch: fetchFake,
    getAccessToken: async () => 'tok',
    invalidateToken: () => undefined,
    getTenantId: () => tenant,
    onSessionExpired: () => undefined,
  });
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  return { api, seen, log, setTenant: (t: string) => (tenant = t) };
}

const ok = (body: unknown) => () => new Response(JSON.stringify(body), { status: 200 });
const profile = { sub: 'sub-42', email: 'ada@example.com', name: 'Ada', email_verified: true };

describe('first-time tenant flow', () => {
  it('initializes a new tenant, then sends the profile, all under the user sub', async () => {
    const { api, seen, log, setTenant } = fakeServer({
      'GET /api/tenant/status': ok({ tenantId: 'sub-42', initialized: false }),
      'POST /api/tenant/initialize': ok({ success: true, tenantId: 'sub-42', initialized: true, created: true }),
      'PUT /api/users/profile': ok({ success: true, profile: { email: 'ada@example.com', name: 'Ada', emailVerified: true } }),
    });
    await runFirstTimeTenantFlow({ api, profile, setTenant, log });
    expect(seen.map((s) => s.key)).toEqual(['GET /api/tenant/status', 'POST /api/tenant/initialize', 'PUT /api/users/profile']);
    expect(seen.every((s) => s.tenant === 'sub-42')).toBe(true);
    expect(seen[1]?.body).toEqual({ tenantId: 'sub-42' });
    expect(seen[2]?.body).toEqual({ email: 'ada@example.com', name: 'Ada', emailVerified: true });
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('skips initialization for an initialized tenant', async () => {
    const { api, seen, log, setTenant } = fakeServer({
      'GET /api/tenant/status': ok({ tenantId: 'sub-42', initialized: true }),
      'PUT /api/users/profile': ok({ success: true, profile: { email: null, name: null, emailVerified: false } }),
    });
    await runFirstTimeTenantFlow({ api, profile, setTenant, log });
    expect(seen.map((s) => s.key)).toEqual(['GET /api/tenant/status', 'PUT /api/users/profile']);
  });

  it('only logs a failed status check and still sends the profile', async () => {
    const { api, seen, log, setTenant } = fakeServer({
      'GET /api/tenant/status': () => new Response(JSON.stringify({ error: { code: 'forbidden', message: 'no' } }), { status: 403 }),
      'PUT /api/users/profile': ok({ success: true, profile: { email: null, name: null, emailVerified: false } }),
    });
    await expect(runFirstTimeTenantFlow({ api, profile, setTenant, log })).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.key)).toContain('PUT /api/users/profile');
  });

  it('treats a failed profile update as a warning only', async () => {
    const { api, log, setTenant } = fakeServer({
      'GET /api/tenant/status': ok({ tenantId: 'sub-42', initialized: true }),
      'PUT /api/users/profile': () => new Response(JSON.stringify({ error: { code: 'validation_failed', message: 'bad' } }), { status: 400 }),
    });
    await expect(runFirstTimeTenantFlow({ api, profile, setTenant, log })).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('does not send a profile without an e-mail', async () => {
    const { api, seen, log, setTenant } = fakeServer({ 'GET /api/tenant/status': ok({ tenantId: 'sub-42', initialized: true }) });
    await runFirstTimeTenantFlow({ api, profile: { sub: 'sub-42' }, setTenant, log });
    expect(seen.map((s) => s.key)).toEqual(['GET /api/tenant/status']);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

describe('the welcome initialisation after sign-in', () => {
  const tenantReady = {
    'GET /api/tenant/status': ok({ tenantId: 'sub-42', initialized: true }),
    'PUT /api/users/profile': ok({ success: true, profile: { email: 'ada@example.com', name: 'Ada', emailVerified: true } }),
  };

  it('runs after every sign-in when billing is on, last, under the user sub', async () => {
    const { api, seen, log, setTenant } = fakeServer({
      ...tenantReady,
      'POST /api/billing/initialize-welcome': ok({
        success: true,
        allocated: false,
        allocatedAt: '2026-01-01T00:00:00.000Z',
        allocatedBy: 'initialize-welcome',
      }),
    });
    await runFirstTimeTenantFlow({ api, profile, setTenant, log, billingEnabled: true });
    await runFirstTimeTenantFlow({ api, profile, setTenant, log, billingEnabled: true });
    const welcomes = seen.filter((s) => s.key === 'POST /api/billing/initialize-welcome');
    expect(welcomes).toHaveLength(2);
    expect(welcomes.every((s) => s.tenant === 'sub-42')).toBe(true);
    expect(seen.at(-1)?.key).toBe('POST /api/billing/initialize-welcome');
    expect(log.info).not.toHaveBeenCalled();
  });

  it('runs even when the ID token has no e-mail, and a failure is logged only', async () => {
    const { api, seen, log, setTenant } = fakeServer(tenantReady);
    await runFirstTimeTenantFlow({ api, profile: { sub: 'sub-42' }, setTenant, log, billingEnabled: true });
    expect(seen.map((s) => s.key)).toContain('POST /api/billing/initialize-welcome');
    expect(log.info).toHaveBeenCalledWith('[onboarding] welcome initialisation did not complete', expect.anything());
  });

  it('is not asked on a Bree without billing (its billing routes answer 503)', async () => {
    const { api, seen, log, setTenant } = fakeServer(tenantReady);
    await runFirstTimeTenantFlow({ api, profile, setTenant, log, billingEnabled: false });
    expect(seen.map((s) => s.key)).not.toContain('POST /api/billing/initialize-welcome');
  });
});
