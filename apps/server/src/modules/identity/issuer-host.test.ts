import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserRequest, signUp, startAuthorization } from '../../../test/auth-helpers';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../../test/harness';

/** PUBLIC_URL of the test app: every URL Bree prints for itself must start with it. */
const SITE = 'http://localhost:3999';
const HOSTILE: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { host: 'localhost:3999', 'x-forwarded-host': 'evil.example' },
];

/** Every string value in a JSON document that looks like an absolute URL. */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^[a-z]+:\/\//i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

/** A Location is fine when it is on PUBLIC_URL or a path on the same site (never `//host`). */
function expectOwnLocation(location: unknown): void {
  expect(typeof location).toBe('string');
  const value = String(location);
  if (value.startsWith('/')) expect(value.startsWith('//')).toBe(false);
  else expect(value.startsWith(`${SITE}/`)).toBe(true);
}

for (const trustProxy of ['false', 'true']) {
  describe(`the embedded issuer with a hostile Host or X-Forwarded-Host (TRUST_PROXY=${trustProxy})`, () => {
    let t: TestApp;
    beforeEach(async () => {
      await resetDatabase(await getTestDatabase());
      t = await createTestApp({ TRUST_PROXY: trustProxy });
    });
    afterEach(async () => {
      await t.close();
    });

    it('prints every URL of its discovery document and JWKS address on PUBLIC_URL', async () => {
      for (const headers of HOSTILE) {
        const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers });
        expect(res.statusCode).toBe(200);
        const urls = urlsIn(res.json());
        expect(urls).toContain(`${SITE}/oidc/auth`);
        expect(res.json()).toMatchObject({ issuer: `${SITE}/oidc`, token_endpoint: `${SITE}/oidc/token`, jwks_uri: `${SITE}/oidc/jwks` });
        for (const url of urls) expect(url.startsWith(`${SITE}/`), `${JSON.stringify(headers)}: ${url}`).toBe(true);
      }
    });

    it('sends the authorization request and the end of a sign-out only to its own addresses', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        client_id: 'bree-web',
        response_type: 'code',
        scope: 'openid email',
        redirect_uri: `${SITE}/callback`,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      for (const headers of HOSTILE) {
        const res = await t.app.inject({ method: 'GET', url: `/oidc/auth?${query}`, headers });
        expect(res.statusCode).toBe(303);
        expectOwnLocation(res.headers.location);
      }

      // Signed out without a return address: oidc-provider sends the browser to its own success page.
      const session = await signUp(t.app, { email: 'host@example.com', password: 'my password' });
      const browser = { app: t.app, jar: session.jar, remoteAddress: '198.51.100.9', settings: (await startAuthorization(t.app)).settings };
      const hostile = { ...HOSTILE[1]!, 'sec-fetch-site': 'same-origin' };
      const page = await browserRequest(browser, {
        method: 'GET',
        url: `/oidc/session/end?${new URLSearchParams({ client_id: 'bree-web' })}`,
        headers: hostile,
      });
      expect(page.statusCode).toBe(200);
      for (const action of page.body.match(/action="[^"]*"/g) ?? []) expect(action.startsWith(`action="${SITE}/`) || action.startsWith('action="/')).toBe(true);
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
      const done = await browserRequest(browser, { method: 'POST', url: '/oidc/session/end/confirm', form: { xsrf, logout: 'yes' }, headers: hostile });
      expect(done.statusCode).toBe(303);
      expect(String(done.headers.location).startsWith(`${SITE}/oidc/session/end/success`)).toBe(true);
    });
  });
}
