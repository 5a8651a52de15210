import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVOCATION_TTL_MS } from '../../src/modules/identity/token-revocation';
import { startCluster, type Cluster } from './harness';
import { httpApi, httpSignUp } from './http-sign-in';

// Real processes on a real PostgreSQL: only in the PostgreSQL run (scripts/test-postgres.mjs).
describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('signing out everywhere with two Bree processes', { timeout: 60_000 }, () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({ count: 2 });
  }, 90_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it('refuses the access token on the other process well before its cache would have run out', async () => {
    const session = await httpSignUp(cluster.url, { email: 'leaving@example.com', password: 'a long password' });
    const api = httpApi(cluster.url, session);
    // B has verified the token and read the account's revocation state: both now sit in its caches.
    cluster.proxy.sendNextTo('B');
    expect((await api('GET', '/api/tenant/status')).status).toBe(200);

    cluster.proxy.sendNextTo('A');
    const signedOutAt = Date.now();
    const signOut = await api('POST', '/api/account/sign-out-everywhere');
    expect(signOut.status).toBe(200);

    // Asked again and again until B refuses: its NOTIFY arrives in milliseconds, its cache's TTL only after 5 s.
    let answer: Awaited<ReturnType<typeof api>>;
    do {
      cluster.proxy.sendNextTo('B');
      answer = await api('GET', '/api/tenant/status');
    } while (answer.status === 200 && Date.now() - signedOutAt < 2 * REVOCATION_TTL_MS);
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('invalid_token');
    expect(Date.now() - signedOutAt).toBeLessThan(REVOCATION_TTL_MS - 1_000);
    // A refused token stays refused on both processes.
    for (const name of ['A', 'B']) {
      cluster.proxy.sendNextTo(name);
      expect((await api('GET', '/api/tenant/status')).status).toBe(401);
    }
  });
});
