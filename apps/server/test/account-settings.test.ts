import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/modules/identity/identity.table';
import { browserRequest, CookieJar, refresh, signIn, signUp, startAuthorization, submitForm, type AuthorizationFlow, type AuthResult } from './auth-helpers';
import { linkIn, startSmtpSink, type CapturedMail, type SmtpSink } from './fakes/smtp-sink';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const ORIGIN = 'http://localhost:3999';
const PASSWORD = 'my first password';
const ADMIN = 'boss@example.com';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  sink.mails.length = 0;
  t = await createTestApp({ SMTP_URL: sink.url, ADMIN_EMAILS: ADMIN });
});
afterEach(async () => {
  await t.close();
});

/** A request of the web app: bearer token, tenant header and, when given, the operation id. */
function api(session: AuthResult, method: 'GET' | 'POST', url: string, body?: object, operationId?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': session.sub, ...(operationId ? { 'x-operation-id': operationId } : {}) },
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });
}

/** A browser without cookies: the mail client opening a link. */
function mailClient() {
  const flow = {
    app: t.app,
    settings: { origin: ORIGIN, issuer: `${ORIGIN}/oidc`, clientId: 'bree-web', redirectUri: `${ORIGIN}/callback` },
    jar: new CookieJar(),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  } as AuthorizationFlow;
  return {
    get: (url: string) => browserRequest(flow, { method: 'GET', url: url.replace(ORIGIN, '') }),
    post: (url: string, form: Record<string, string>, origin = ORIGIN) => browserRequest(flow, { method: 'POST', url, form, headers: { origin } }),
  };
}

/** The mail to this address with this subject (sign-up also mails its confirmation link, which these tests skip). */
async function mailTo(to: string, subject: string): Promise<CapturedMail> {
  await expect.poll(() => sink.mails.some((m) => m.to.includes(to) && m.subject === subject), { timeout: 10_000 }).toBe(true);
  return sink.mails.find((m) => m.to.includes(to) && m.subject === subject)!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
const codeOf = (res: LightMyRequestResponse) => (res.json() as { error: { code: string } }).error.code;

async function signInFails(email: string, password: string): Promise<boolean> {
  const res = await submitForm(await startAuthorization(t.app), 'login', { email, password });
  return res.statusCode !== 303;
}

describe('change password', () => {
  it('needs the current password, signs every other device out, keeps this one and mails the owner', async () => {
    const here = await signUp(t.app, { email: 'pat@example.com', password: PASSWORD });
    const elsewhere = await signIn(t.app, { email: 'pat@example.com', password: PASSWORD });

    const wrong = await api(here, 'POST', '/api/account/password', { currentPassword: 'not my password', newPassword: 'a new password' });
    expect(wrong.statusCode).toBe(400);
    expect(codeOf(wrong)).toBe('current_password_incorrect');
    const short = await api(here, 'POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(codeOf(short)).toBe('password_too_short');
    expect((await api(elsewhere, 'GET', '/api/account')).statusCode).toBe(200);

    const changed = await api(here, 'POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(changed.statusCode).toBe(200);

    // This device stays signed in: its access token and its refresh token still work.
    expect((await api(here, 'GET', '/api/account')).statusCode).toBe(200);
    const renewed = await refresh(t.app, here.refreshToken);
    expect((await api({ ...here, ...renewed }, 'GET', '/api/account')).statusCode).toBe(200);
    // The other device is signed out: access token refused, refresh token dead.
    const other = await api(elsewhere, 'GET', '/api/account');
    expect(other.statusCode).toBe(401);
    await expect(refresh(t.app, elsewhere.refreshToken)).rejects.toThrow(/invalid_grant/);

    expect(await signInFails('pat@example.com', PASSWORD)).toBe(true);
    await signIn(t.app, { email: 'pat@example.com', password: 'a new password' });
    const mail = await mailTo('pat@example.com', 'Your Bree password was changed');
    expect(mail.text).toContain('Every other device was signed out.');
  });

  it('locks after ten wrong current passwords, as sign-in does, even for the right one', async () => {
    const me = await signUp(t.app, { email: 'guess@example.com', password: PASSWORD });
    for (let i = 0; i < 10; i += 1) {
      expect(codeOf(await api(me, 'POST', '/api/account/password', { currentPassword: `guess ${i}`, newPassword: 'a new password' }))).toBe(
        'current_password_incorrect',
      );
    }
    const locked = await api(me, 'POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(locked.statusCode).toBe(429);
    expect(codeOf(locked)).toBe('rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await signIn(t.app, { email: 'guess@example.com', password: PASSWORD });
  });

  it('answers a retried X-Operation-Id once, and refuses the id for another request', async () => {
    const me = await signUp(t.app, { email: 'retry@example.com', password: PASSWORD });
    const id = randomUUID();
    const body = { currentPassword: PASSWORD, newPassword: 'a new password' };
    const first = await api(me, 'POST', '/api/account/password', body, id);
    const again = await api(me, 'POST', '/api/account/password', body, id);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-operation-replayed']).toBe('true');
    const reused = await api(me, 'POST', '/api/account/password', { ...body, newPassword: 'yet another one' }, id);
    expect(codeOf(reused)).toBe('operation_id_reused');
    await signIn(t.app, { email: 'retry@example.com', password: 'a new password' });
    await expect.poll(() => sink.mails.filter((m) => m.subject === 'Your Bree password was changed').length).toBe(1);
  });
});

describe('change e-mail', () => {
  it('mails a link to the new address, tells the old one, and changes the address only when the link is used', async () => {
    const me = await signUp(t.app, { email: 'old@example.com', password: PASSWORD });
    const wrong = await api(me, 'POST', '/api/account/email', { newEmail: 'new@example.com', currentPassword: 'nope nope' });
    expect(codeOf(wrong)).toBe('current_password_incorrect');
    expect(codeOf(await api(me, 'POST', '/api/account/email', { newEmail: 'not an address', currentPassword: PASSWORD }))).toBe('invalid_email');
    expect(codeOf(await api(me, 'POST', '/api/account/email', { newEmail: 'OLD@example.com', currentPassword: PASSWORD }))).toBe('email_unchanged');

    const asked = await api(me, 'POST', '/api/account/email', { newEmail: 'New@Example.com', currentPassword: PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ pendingEmail: 'new@example.com' });
    expect((await api(me, 'GET', '/api/account')).json()).toEqual({
      email: 'old@example.com',
      emailVerified: true,
      pendingEmail: 'new@example.com',
      canChangeEmail: true,
    });
    const notice = await mailTo('old@example.com', 'Your Bree email address is being changed');
    expect(notice.text).toContain('new@example.com');
    const mail = await mailTo('new@example.com', 'Confirm your new email address for Bree');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3999\/interaction\/change-email\?token=[A-Za-z0-9_-]{43}$/);

    // Opening the link only shows the button; a form from another site is refused.
    const client = mailClient();
    const page = await client.get(link);
    expect(page.body).toContain('Use new@example.com instead of old@example.com as the email address of your Bree account.');
    expect((await client.post('/interaction/change-email', { token: tokenOf(link) }, 'https://evil.example')).statusCode).toBe(403);
    expect((await api(me, 'GET', '/api/account')).json()).toMatchObject({ email: 'old@example.com' });

    const done = await client.post('/interaction/change-email', { token: tokenOf(link) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your email address is now new@example.com.');
    // Tokens naming the old address are refused; the refreshed one names the new, verified address.
    expect((await api(me, 'GET', '/api/account')).statusCode).toBe(401);
    const renewed = await refresh(t.app, me.refreshToken);
    expect(decodeJwt(renewed.accessToken)).toMatchObject({ email: 'new@example.com', email_verified: true });
    expect((await api({ ...me, ...renewed }, 'GET', '/api/account')).json()).toMatchObject({ email: 'new@example.com', pendingEmail: null });

    expect(await signInFails('old@example.com', PASSWORD)).toBe(true);
    await signIn(t.app, { email: 'new@example.com', password: PASSWORD });
    await expect.poll(() => sink.mails.some((m) => m.subject === 'Your Bree email address was changed' && m.to.includes('old@example.com'))).toBe(true);
    // The link works once.
    const again = await client.post('/interaction/change-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link to change your email address has expired or was already used.');
  });

  it('refuses an address another account has, when asked and when the link is used', async () => {
    const me = await signUp(t.app, { email: 'first@example.com', password: PASSWORD });
    await signUp(t.app, { email: 'taken@example.com', password: PASSWORD });
    const taken = await api(me, 'POST', '/api/account/email', { newEmail: 'Taken@example.com', currentPassword: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(codeOf(taken)).toBe('email_taken');

    expect((await api(me, 'POST', '/api/account/email', { newEmail: 'late@example.com', currentPassword: PASSWORD })).statusCode).toBe(200);
    const link = linkIn(await mailTo('late@example.com', 'Confirm your new email address for Bree'));
    await signUp(t.app, { email: 'late@example.com', password: PASSWORD });
    const refused = await mailClient().post('/interaction/change-email', { token: tokenOf(link) });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Another account uses this email address now, so your address was not changed.');
    expect((await api(me, 'GET', '/api/account')).json()).toMatchObject({ email: 'first@example.com' });
  });

  it("acts on the caller's own account only: another account's tenant or password changes nothing", async () => {
    const victim = await signUp(t.app, { email: 'victim@example.com', password: PASSWORD });
    const intruder = await signUp(t.app, { email: 'intruder@example.com', password: 'the intruder password' });
    const crossTenant = await t.app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: { authorization: `Bearer ${intruder.accessToken}`, 'x-tenant-id': victim.sub },
      payload: { newEmail: 'stolen@example.com', currentPassword: PASSWORD },
    });
    expect(crossTenant.statusCode).toBe(403);
    expect(codeOf(crossTenant)).toBe('tenant_mismatch');
    // The victim's password proves nothing about the intruder's account.
    const withVictimsPassword = await api(intruder, 'POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new password' });
    expect(codeOf(withVictimsPassword)).toBe('current_password_incorrect');
    expect((await api(intruder, 'GET', '/api/account')).json()).toMatchObject({ email: 'intruder@example.com' });
    expect((await api(victim, 'GET', '/api/account')).json()).toMatchObject({ email: 'victim@example.com', pendingEmail: null });
    expect(sink.mails.some((m) => m.to.includes('stolen@example.com'))).toBe(false);
  });

  it('moves administrator rights with the verified address only', async () => {
    const me = await signUp(t.app, { email: 'soon-admin@example.com', password: PASSWORD });
    await api(me, 'POST', '/api/account/email', { newEmail: ADMIN, currentPassword: PASSWORD });
    const link = linkIn(await mailTo(ADMIN, 'Confirm your new email address for Bree'));
    // Asked for, not confirmed: not an administrator.
    expect((await api(me, 'GET', '/api/users/access')).json()).toMatchObject({ isAdmin: false });
    expect((await mailClient().post('/interaction/change-email', { token: tokenOf(link) })).statusCode).toBe(200);
    const renewed = { ...me, ...(await refresh(t.app, me.refreshToken)) };
    expect((await api(renewed, 'GET', '/api/users/access')).json()).toMatchObject({ isAdmin: true });

    // Moving away from the listed address ends the rights with the next token.
    await api(renewed, 'POST', '/api/account/email', { newEmail: 'plain@example.com', currentPassword: PASSWORD });
    const away = linkIn(await mailTo('plain@example.com', 'Confirm your new email address for Bree'));
    expect((await mailClient().post('/interaction/change-email', { token: tokenOf(away) })).statusCode).toBe(200);
    expect((await api(renewed, 'GET', '/api/users/access')).statusCode).toBe(401);
    const after = { ...me, ...(await refresh(t.app, renewed.refreshToken)) };
    expect((await api(after, 'GET', '/api/users/access')).json()).toMatchObject({ isAdmin: false });
  });
});

describe('a confirmed address counts at once (issue 36 item 5)', () => {
  it('refuses the tokens that called the address unconfirmed, so the next refresh opens /admin', async () => {
    // An administrator who signed in before this Bree sent mail: the address is not confirmed yet.
    await signUp(t.app, { email: ADMIN, password: PASSWORD });
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, ADMIN));
    const me = await signIn(t.app, { email: ADMIN, password: PASSWORD });
    expect((await api(me, 'GET', '/api/users/access')).json()).toMatchObject({ isAdmin: false });

    // Only the link asked for from here.
    await mailTo(ADMIN, 'Confirm your email address for Bree');
    sink.mails.length = 0;
    const client = mailClient();
    expect((await client.post('/interaction/verify-email/resend', { email: ADMIN })).statusCode).toBe(200);
    const link = linkIn(await mailTo(ADMIN, 'Confirm your email address for Bree'));
    expect((await client.post('/interaction/verify-email', { token: tokenOf(link) })).statusCode).toBe(200);

    expect((await api(me, 'GET', '/api/users/access')).statusCode).toBe(401);
    const renewed = { ...me, ...(await refresh(t.app, me.refreshToken)) };
    expect(decodeJwt(renewed.accessToken)).toMatchObject({ email_verified: true });
    expect((await api(renewed, 'GET', '/api/users/access')).json()).toMatchObject({ isAdmin: true });
  });
});

describe('without a mail server', () => {
  it('cannot change the address (a stable code), but changes the password', async () => {
    await t.close();
    t = await createTestApp({});
    const me = await signUp(t.app, { email: 'quiet@example.com', password: PASSWORD });
    expect((await api(me, 'GET', '/api/account')).json()).toMatchObject({ canChangeEmail: false });
    const refused = await api(me, 'POST', '/api/account/email', { newEmail: 'loud@example.com', currentPassword: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('mail_not_configured');
    expect((await api(me, 'POST', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new password' })).statusCode).toBe(200);
  });
});

describe('with an external issuer', () => {
  it('names its account page to the web app, and has no password or address routes of its own', async () => {
    await t.close();
    const account = 'https://issuer.example.com/account';
    t = await createTestApp({ OIDC_ISSUER: 'https://issuer.example.com', OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: 'bree-api', OIDC_ACCOUNT_URL: account });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().oidc).toMatchObject({ mode: 'external', accountUrl: account });
    for (const url of ['/api/account/password', '/api/account/email']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(404);
    }
  });

  it('says nothing of an account page with the embedded sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().oidc).not.toHaveProperty('accountUrl');
  });
});
