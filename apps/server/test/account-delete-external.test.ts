import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc } from './api-client';
import { tenantRowCounts } from './account-delete-support';
import { startFakeIssuer, type FakeIssuer } from './fake-issuer';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * "Delete my account" with an external OpenID Connect issuer (docs/ACCOUNT.md): the writer confirms
 * with the address their token names (there is no password here), the tenant's data goes the same
 * way, and the same sign-in afterwards meets a new, empty account.
 */
describe('deleting an account signed in through an external issuer', () => {
  let external: FakeIssuer;
  let t: TestApp;

  beforeAll(async () => {
    external = await startFakeIssuer();
    t = await createTestApp(external.env);
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await external.close();
  });

  const call = async (token: string, sub: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => {
    const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'x-tenant-id': sub }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

  it('asks for the typed address only, removes the data, and the same sign-in finds an empty account', async () => {
    const sub = 'auth0|writer-1';
    const token = await external.sign({ sub, email: 'writer@example.com', email_verified: true });
    const created = await call(token, sub, 'POST', '/api/files/create', { filePath: 'Elsewhere', content: doc('Signed in elsewhere.') });
    expect(created.status).toBe(200);

    expect(await call(token, sub, 'POST', '/api/account/delete', { email: 'other@example.com' })).toMatchObject({
      status: 400,
      body: { error: { code: 'delete_email_mismatch' } },
    });
    expect(await call(token, sub, 'POST', '/api/account/delete', { email: 'Writer@Example.com' })).toMatchObject({
      status: 200,
      body: { deleted: true, billingRecordsKept: false },
    });
    const left = await tenantRowCounts({ database: t.database, tenantId: sub });
    expect(Object.entries(left).filter(([, n]) => n > 0)).toEqual([]);

    // The issuer still vouches for the person: the next sign-in starts a new, empty account.
    const next = await external.sign({ sub, email: 'writer@example.com', email_verified: true });
    expect((await call(next, sub, 'GET', '/api/files/list')).body.files).toEqual([]);
    // A retry of the deletion changes nothing and still answers that it is done.
    expect((await call(token, sub, 'POST', '/api/account/delete', { email: 'writer@example.com' })).status).toBe(200);
  });

  it('refuses a token without an address, which cannot be confirmed', async () => {
    const token = await external.sign({ sub: 'auth0|no-mail' });
    expect(await call(token, 'auth0|no-mail', 'POST', '/api/account/delete', { email: 'who@example.com' })).toMatchObject({
      status: 400,
      body: { error: { code: 'delete_email_mismatch' } },
    });
  });
});
