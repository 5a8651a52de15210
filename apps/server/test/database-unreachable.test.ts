import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

// The database gone from under a running Bree (a restart, a failover, a shutdown under way): every
// request that needs it answers 503 with a stable code and a Retry-After, which the web client
// retries once, instead of a 500 saying something broke.
describe('a database that cannot be reached', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    await resetDatabase(await getTestDatabase());
    t = await createTestApp();
    user = await newUser(t.app, 'unreachable');
    expect((await user.call('POST', '/api/files/create', { content: doc('Kept.') })).status).toBe(200);
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
  });

  it.runIf(onPostgres)('serves again once PostgreSQL ends every connection it had (a restart, a failover)', async () => {
    // Connections ended by the server (waiting until each is gone): a request answers 503 while the
    // pool still hands out one it holds dead (at most its 10), then Bree serves again, and stays serving.
    await t.database.query(`select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    await t.database.query(`select pg_terminate_backend(pg_backend_pid())`).catch(() => undefined);
    const statuses: number[] = [];
    while (statuses.length < 12 && statuses.at(-1) !== 200) statuses.push((await user.call('GET', '/api/files/list')).status);
    expect(statuses.filter((status) => status !== 503 && status !== 200)).toEqual([]);
    expect(statuses.at(-1)).toBe(200);
    const again = await user.call('GET', '/api/files/list');
    expect(again.status).toBe(200);
    expect((again.body as { files: unknown[] }).files).toHaveLength(1);
  });

  it('answers a read and a save with 503 service_unavailable and a Retry-After, never a 500', async () => {
    // Closed for the rest of this file, whose database is its own (one per test worker and file).
    await t.database.close();
    for (const answer of [await user.call('GET', '/api/files/list'), await user.call('POST', '/api/files/create', { content: doc('Kept.') })]) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: { code: 'service_unavailable', message: 'Bree is briefly unavailable. Please try again in a moment.' } });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/files/list', headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub } });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('answers a sign-in form, whose attempts are counted in the database, with a 503 page saying to try again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/interaction/forgot-password',
      payload: 'email=someone%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Bree is briefly unavailable. Please try again in a moment.');
  });
});
