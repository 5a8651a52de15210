import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_PATH } from '../src/modules/identity/password-reset.routes';
import { RESEND_VERIFICATION_PATH } from '../src/modules/identity/email-verification.routes';
import { IP_LIMITS } from '../src/modules/identity/rate-limit';
import { createTestApp, resetDatabase, type TestApp } from './harness';

// Two Bree servers on one database stand for two processes behind a load balancer (docs/DEPLOY.md).
describe('per-address limits counted in the database', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp();
    second = await createTestApp();
    await resetDatabase(first.database);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  const post = (t: TestApp, url: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { origin: 'http://localhost:3999', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=someone%40example.com',
    });

  it('refuses the request past the limit whichever server counted the earlier ones, per route and per address', async () => {
    const { max } = IP_LIMITS.forgotPassword;
    for (let i = 0; i < max; i++) expect((await post(i % 2 === 0 ? first : second, FORGOT_PASSWORD_PATH, '10.20.30.40')).statusCode).toBe(200);
    for (const t of [first, second]) {
      const refused = await post(t, FORGOT_PASSWORD_PATH, '10.20.30.40');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address, and another route from the same address, still have their whole allowance.
    expect((await post(first, FORGOT_PASSWORD_PATH, '10.20.30.41')).statusCode).toBe(200);
    expect((await post(second, RESEND_VERIFICATION_PATH, '10.20.30.40')).statusCode).toBe(200);
  });
});
