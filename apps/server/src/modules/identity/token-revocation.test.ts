import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserRequest, postToken, refresh, signIn, signUp, startAuthorization, type AuthResult } from '../../../test/auth-helpers';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../../test/harness';

let t: TestApp;

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const SITE = 'http://localhost:3999';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', origin: SITE };
const PASSWORD = 'my password';

/** GET /api/tenant/status with this access token: 200 while it is good. */
const status = (session: Pick<AuthResult, 'accessToken'>) =>
  t.app.inject({ method: 'GET', url: '/api/tenant/status', headers: { authorization: `Bearer ${session.accessToken}` } });

async function expectRefused(session: Pick<AuthResult, 'accessToken'>): Promise<void> {
  const res = await status(session);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ error: { code: 'invalid_token' } });
}

/** The refresh token no longer buys a token. */
async function expectRefreshRefused(session: Pick<AuthResult, 'refreshToken'>): Promise<void> {
  const res = await postToken(t.app, { grant_type: 'refresh_token', refresh_token: session.refreshToken });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: 'invalid_grant' });
}

/** Signs this browser out of the issuer as Bree's own sign-out page does (end-session, then its confirmation). */
async function signOutThisDevice(session: AuthResult): Promise<void> {
  const browser = { app: t.app, jar: session.jar, remoteAddress: '198.51.100.7', settings: (await startAuthorization(t.app)).settings };
  const query = new URLSearchParams({ id_token_hint: session.idToken, post_logout_redirect_uri: `${SITE}/` });
  const page = await browserRequest(browser, { method: 'GET', url: `/oidc/session/end?${query}`, headers: { 'sec-fetch-site': 'same-origin' } });
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!xsrf) throw new Error(`No sign-out form on the page: ${page.body.slice(0, 300)}`);
  const done = await browserRequest(browser, { method: 'POST', url: '/oidc/session/end/confirm', form: { xsrf, logout: 'yes' }, headers: SAME_ORIGIN });
  expect(done.statusCode).toBe(303);
}

const signOutEverywhere = (session: Pick<AuthResult, 'accessToken'>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/account/sign-out-everywhere', headers: { authorization: `Bearer ${session.accessToken}`, ...headers } });

describe('access tokens', () => {
  it('live minutes, not an hour, and name the grant they were minted from', async () => {
    const session = await signUp(t.app, { email: 'short@example.com', password: PASSWORD });
    const claims = decodeJwt(session.accessToken);

    expect(claims.exp! - claims.iat!).toBe(600);
    expect(session.expiresIn).toBe(600);
    expect(typeof claims.gid).toBe('string');
    // A refreshed token lives as long.
    const refreshed = decodeJwt((await refresh(t.app, session.refreshToken)).accessToken);
    expect(refreshed.exp! - refreshed.iat!).toBe(600);
  });
});

describe('signing out of this device', () => {
  it('refuses that device’s access and refresh tokens at once; another device stays signed in', async () => {
    const phone = await signUp(t.app, { email: 'two-devices@example.com', password: PASSWORD });
    const laptop = await signIn(t.app, { email: 'two-devices@example.com', password: PASSWORD });
    expect((await status(phone)).statusCode).toBe(200);
    expect((await status(laptop)).statusCode).toBe(200);

    await signOutThisDevice(phone);

    await expectRefused(phone);
    await expectRefreshRefused(phone);
    expect((await status(laptop)).statusCode).toBe(200);
    expect((await refresh(t.app, laptop.refreshToken)).accessToken).toBeTruthy();
  });
});

describe('POST /api/account/sign-out-everywhere', () => {
  it('refuses every access and refresh token of the account issued before, at once, and a new sign-in works', async () => {
    const phone = await signUp(t.app, { email: 'everywhere@example.com', password: PASSWORD });
    const laptop = await signIn(t.app, { email: 'everywhere@example.com', password: PASSWORD });
    const other = await signUp(t.app, { email: 'bystander@example.com', password: PASSWORD });

    const res = await signOutEverywhere(laptop, { 'x-operation-id': 'sign-out-everywhere-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    for (const session of [phone, laptop]) {
      await expectRefused(session);
      await expectRefreshRefused(session);
    }
    // A retry (or a replayed copy) carries the token it ended: refused, it cannot sign out a later session.
    expect((await signOutEverywhere(laptop, { 'x-operation-id': 'sign-out-everywhere-1' })).statusCode).toBe(401);
    // Another account is untouched.
    expect((await status(other)).statusCode).toBe(200);
    // Signing in again gives a token that works.
    const again = await signIn(t.app, { email: 'everywhere@example.com', password: PASSWORD });
    expect((await status(again)).statusCode).toBe(200);
  });

  it('needs a valid access token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/account/sign-out-everywhere' })).statusCode).toBe(401);
    const forged = await signOutEverywhere({ accessToken: 'not.a.token' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ error: { code: 'invalid_token' } });
  });
});
