import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alertText,
  browserRequest,
  CookieJar,
  refresh,
  signIn,
  signUp,
  startAuthorization,
  submitForm,
  type AuthorizationFlow,
} from '../../../test/auth-helpers';
import { linkIn, SINK_USER, startSmtpSink, type CapturedMail, type SmtpSink } from '../../../test/fakes/smtp-sink';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/db';
import { createIdentity } from './identity';
import { passwordResetTokens, users } from './identity.table';
import type { Identity } from './identity.types';
import { createPasswordResetRepository } from './password-reset.repository';

const NEUTRAL = 'If an account exists for that address, we sent it a link to reset its password.';
const INVALID_LINK = 'This link to reset your password has expired or was already used.';
const ORIGIN = 'http://localhost:3999';
const MINUTE = 60_000;

let sink: SmtpSink;
let database: Database;
let app: FastifyInstance;
let identity: Identity;
/** The clock of reset links; tests move it forward. */
let clock: number;

async function startApp(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', ...env });
  identity = await createIdentity({ config, database, now: () => new Date(clock) });
  app = await buildApp({ config, database, identity });
  await app.ready();
}

beforeAll(async () => {
  // Sign-up also mails a verification link (email-verification.test.ts); these tests read reset mails only.
  sink = await startSmtpSink({ keep: (mail) => mail.subject !== 'Confirm your email address for Bree' });
  database = await getTestDatabase();
});
afterAll(async () => {
  await sink.close();
});
beforeEach(async () => {
  await resetDatabase(database);
  sink.mails.length = 0;
  clock = Date.parse('2030-01-01T12:00:00Z');
});
afterEach(async () => {
  await app.close();
  await identity.close();
});

/** A browser on the sign-in page, as the flow helpers make it. */
function browser(flow: AuthorizationFlow) {
  return {
    get: (url: string) => browserRequest(flow, { method: 'GET', url }),
    post: (url: string, form: Record<string, string>, origin = ORIGIN) => browserRequest(flow, { method: 'POST', url, form, headers: { origin } }),
  };
}

/** Sign-in page → "Forgot password?" → email → the neutral answer. */
async function askForLink(email: string, flow?: AuthorizationFlow) {
  const f = flow ?? (await startAuthorization(app));
  return browser(f).post(`/interaction/${f.uid}/forgot`, { email });
}

/** Asks for a link and returns the mail it produced. */
async function mailedLink(email: string): Promise<{ mail: CapturedMail; link: string }> {
  const before = sink.mails.length;
  expect((await askForLink(email)).statusCode).toBe(200);
  await expect.poll(() => sink.mails.length, { timeout: 10_000 }).toBeGreaterThan(before);
  const mail = sink.mails[sink.mails.length - 1]!;
  return { mail, link: linkIn(mail) };
}

/** A fresh browser without cookies, e.g. the mail client opening the link. */
async function fresh(): Promise<ReturnType<typeof browser>> {
  const settings = { origin: ORIGIN, issuer: `${ORIGIN}/oidc`, clientId: 'bree-web', redirectUri: `${ORIGIN}/callback` };
  return browser({
    app,
    settings,
    jar: new CookieJar(),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  } as AuthorizationFlow);
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

describe('forgot password with a mail server', () => {
  beforeEach(async () => {
    await startApp({ SMTP_URL: sink.url, MAIL_FROM: 'Bree Test <bree@example.com>' });
  });

  it('is offered on the sign-in page and asks for the email on an accessible form', async () => {
    const flow = await startAuthorization(app);
    expect(flow.page.body).toContain(`<a href="/interaction/${flow.uid}/forgot">Forgot password?</a>`);

    const page = await browser(flow).get(`/interaction/${flow.uid}/forgot`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<h1 id="page-title">Reset your password</h1>');
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain(`<form method="post" action="/interaction/${flow.uid}/forgot" novalidate>`);
    expect(page.body).toContain('<button class="button" type="submit">Send reset link</button>');
    expect(page.body).toContain(`<a href="/interaction/${flow.uid}/login">Back to sign-in</a>`);
    expect(page.body).not.toMatch(/<script/);
  });

  it('mails a link that sets a new password once, then leads to sign-in with a success message', async () => {
    const signedUp = await signUp(app, { email: 'Forgetful@example.com', password: 'old password' });
    // A session elsewhere, still alive before the reset.
    const session = await refresh(app, signedUp.refreshToken);
    const apiStatus = () => app.inject({ method: 'GET', url: '/api/tenant/status', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect((await apiStatus()).statusCode).toBe(200);

    const answer = await askForLink('  forgetful@EXAMPLE.com ');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<h1 id="page-title">Check your email</h1>');
    expect(answer.body).toContain(NEUTRAL);

    const mail = await sink.waitForMail('forgetful@example.com');
    expect(mail.from).toBe('bree@example.com');
    expect(mail.raw).toMatch(/^From: Bree Test <bree@example\.com>/m);
    expect(mail.user).toBe(SINK_USER);
    expect(mail.subject).toBe('Reset your Bree password');
    expect(mail.text).toContain('within one hour');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3999\/interaction\/reset-password\?token=[\w-]{43}$/);

    // Only the token's hash is stored.
    const rows = await database.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(tokenOf(link)).digest('hex'));
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60 * MINUTE);

    const mailClient = await fresh();
    const form = await mailClient.get(link);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<h1 id="page-title">Choose a new password</h1>');
    expect(form.body).toContain('<p class="lead">For the Bree account forgetful@example.com.</p>');
    expect(form.body).toContain('<label for="password">New password</label>');
    expect(form.body).toContain('<label for="confirmation">Confirm new password</label>');
    expect(form.body).toMatch(/<input id="password" name="password" type="password" autocomplete="new-password"/);
    // Opening the link again (a mail scanner, a reload) does not use it up.
    expect((await mailClient.get(link)).statusCode).toBe(200);

    const mismatch = await mailClient.post('/interaction/reset-password', { token: tokenOf(link), password: 'new password 1', confirmation: 'new password 2' });
    expect(mismatch.statusCode).toBe(400);
    expect(alertText(mismatch.body)).toBe('The two passwords do not match.');
    expect(mismatch.body).toContain('id="confirmation" name="confirmation" type="password" autocomplete="new-password" required aria-invalid="true"');
    const tooShort = await mailClient.post('/interaction/reset-password', { token: tokenOf(link), password: 'short', confirmation: 'short' });
    expect(alertText(tooShort.body)).toBe('Password must be at least 8 characters.');

    const done = await mailClient.post('/interaction/reset-password', {
      token: tokenOf(link),
      password: 'brand new password',
      confirmation: 'brand new password',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${ORIGIN}/app`);
    expect(String(done.headers['set-cookie'])).toBe('bree_notice=password_changed; Max-Age=600; Path=/interaction; HttpOnly; SameSite=Lax');
    expect(await database.db.select().from(passwordResetTokens)).toHaveLength(0);
    // The access token issued before the reset is refused at once, not when it expires.
    const refused = await apiStatus();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid_token' } });

    // The sign-in page that follows says so, once.
    const next = await startAuthorization(app);
    next.jar.store('bree_notice=password_changed; Path=/interaction', '/interaction');
    const signInPage = await browser(next).get(`/interaction/${next.uid}`);
    expect(signInPage.body).toContain('<div class="notice" role="status">Your password has been changed. Sign in with your new password.</div>');
    expect(String(signInPage.headers['set-cookie'])).toContain('bree_notice=; Max-Age=0; Path=/interaction');
    expect((await browser(next).get(`/interaction/${next.uid}/login`)).body).not.toContain('role="status"');

    // The new password works, the old one no longer does, and the old sessions are over.
    await expect(signIn(app, { email: 'forgetful@example.com', password: 'brand new password' })).resolves.toBeTruthy();
    const old = await startAuthorization(app);
    expect((await submitForm(old, 'login', { email: 'forgetful@example.com', password: 'old password' })).statusCode).toBe(401);
    await expect(refresh(app, session.refreshToken)).rejects.toThrow(/Token endpoint refused/);

    // A second use is refused, on GET and on POST.
    const again = await mailClient.get(link);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('<h1 id="page-title">Link no longer valid</h1>');
    expect(alertText(again.body)).toBe(INVALID_LINK);
    expect(again.body).toContain('<a class="button" href="/interaction/forgot-password">Get a new link</a>');
    const reused = await mailClient.post('/interaction/reset-password', { token: tokenOf(link), password: 'third password', confirmation: 'third password' });
    expect(reused.statusCode).toBe(400);
    expect(alertText(reused.body)).toBe(INVALID_LINK);
    await expect(signIn(app, { email: 'forgetful@example.com', password: 'brand new password' })).resolves.toBeTruthy();
  });

  it('mails a link on PUBLIC_URL whatever host the request names', async () => {
    await signUp(app, { email: 'hosted@example.com', password: 'old password' });
    const flow = await startAuthorization(app);
    const hostile = { origin: ORIGIN, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const asked = await browserRequest(flow, {
      method: 'POST',
      url: `/interaction/${flow.uid}/forgot`,
      form: { email: 'hosted@example.com' },
      headers: hostile,
    });
    expect(asked.statusCode).toBe(200);
    expect(linkIn(await sink.waitForMail('hosted@example.com'))).toMatch(/^http:\/\/localhost:3999\/interaction\/reset-password\?token=[\w-]{43}$/);
  });

  it('lets a link work for one hour only', async () => {
    await signUp(app, { email: 'slow@example.com', password: 'old password' });
    const { link } = await mailedLink('slow@example.com');
    const mailClient = await fresh();

    clock += 59 * MINUTE;
    expect((await mailClient.get(link)).statusCode).toBe(200);
    clock += 2 * MINUTE;
    const expired = await mailClient.get(link);
    expect(expired.statusCode).toBe(400);
    expect(alertText(expired.body)).toBe(INVALID_LINK);
    const late = await mailClient.post('/interaction/reset-password', { token: tokenOf(link), password: 'new password', confirmation: 'new password' });
    expect(alertText(late.body)).toBe(INVALID_LINK);
    await expect(signIn(app, { email: 'slow@example.com', password: 'old password' })).resolves.toBeTruthy();

    // The hourly sweep removes it.
    expect(await createPasswordResetRepository({ db: database.db }).deleteExpiredTokens({ now: new Date(clock) })).toBe(1);
    expect(await database.db.select().from(passwordResetTokens)).toHaveLength(0);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    await signUp(app, { email: 'known@example.com', password: 'a password' });

    const unknown = await askForLink('nobody@example.com');
    const known = await askForLink('known@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body.replace(/\/interaction\/[^/"]+\//g, '')).toBe(known.body.replace(/\/interaction\/[^/"]+\//g, ''));

    await sink.waitForMail('known@example.com');
    expect(sink.mails.flatMap((m) => m.to)).toEqual(['known@example.com']);
  });

  it('uses up every other link of the account with the one used', async () => {
    await signUp(app, { email: 'twice@example.com', password: 'old password' });
    const first = await mailedLink('twice@example.com');
    const second = await mailedLink('twice@example.com');
    expect(tokenOf(first.link)).not.toBe(tokenOf(second.link));

    const mailClient = await fresh();
    const used = await mailClient.post('/interaction/reset-password', {
      token: tokenOf(second.link),
      password: 'newest password',
      confirmation: 'newest password',
    });
    expect(used.statusCode).toBe(303);
    expect(alertText((await mailClient.get(first.link)).body)).toBe(INVALID_LINK);
  });

  it('refuses unknown and malformed tokens with the same page', async () => {
    const mailClient = await fresh();
    for (const url of ['/interaction/reset-password', '/interaction/reset-password?token=nope', `/interaction/reset-password?token=${'a'.repeat(43)}`]) {
      const res = await mailClient.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(alertText(res.body)).toBe(INVALID_LINK);
    }
  });

  it('asks again for a malformed address', async () => {
    const flow = await startAuthorization(app);
    const res = await browser(flow).post(`/interaction/${flow.uid}/forgot`, { email: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(alertText(res.body)).toBe('Enter a valid email address.');
    expect(res.body).toContain('value="not an address"');
  });

  it('offers a standalone request page (from an expired link) that leads back to the app', async () => {
    await signUp(app, { email: 'standalone@example.com', password: 'old password' });
    const mailClient = await fresh();
    const page = await mailClient.get('/interaction/forgot-password');
    expect(page.body).toContain('<form method="post" action="/interaction/forgot-password" novalidate>');
    expect(page.body).toContain(`<a href="${ORIGIN}/app">Back to sign-in</a>`);

    const res = await mailClient.post('/interaction/forgot-password', { email: 'standalone@example.com' });
    expect(res.body).toContain(NEUTRAL);
    await sink.waitForMail('standalone@example.com');
  });

  it('ignores requests and new passwords posted from another site', async () => {
    await signUp(app, { email: 'target@example.com', password: 'old password' });
    const flow = await startAuthorization(app);
    const forged = await browser(flow).post(`/interaction/${flow.uid}/forgot`, { email: 'target@example.com' }, 'https://evil.example');
    expect(forged.statusCode).toBe(403);

    const { link } = await mailedLink('target@example.com');
    const mailClient = await fresh();
    const res = await mailClient.post(
      '/interaction/reset-password',
      { token: tokenOf(link), password: 'evil password', confirmation: 'evil password' },
      'https://evil.example',
    );
    expect(res.statusCode).toBe(403);
    expect((await mailClient.get(link)).statusCode).toBe(200);
    expect(sink.mails).toHaveLength(1);
  });

  it('limits requests per IP address and mails per account', async () => {
    await signUp(app, { email: 'popular@example.com', password: 'old password' });
    const flow = await startAuthorization(app, { remoteAddress: '203.0.113.20' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await askForLink(`someone${i}@example.com`, flow)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await askForLink('popular@example.com', flow);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(alertText(limited.body)).toBe('Too many requests. Please wait a few minutes and try again.');
    expect(limited.body).toContain('value="popular@example.com"');

    // From many addresses: still at most 3 mails to one account per 15 minutes.
    for (let i = 0; i < 5; i++) expect((await askForLink('popular@example.com')).body).toContain(NEUTRAL);
    await sink.waitForMail('popular@example.com');
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.mails.filter((m) => m.to.includes('popular@example.com'))).toHaveLength(3);
    clock += 16 * MINUTE;
    await mailedLink('popular@example.com');
    expect(sink.mails.filter((m) => m.to.includes('popular@example.com'))).toHaveLength(4);
  });

  it('keeps the account row intact apart from the new hash and the time its earlier access tokens end', async () => {
    const { sub } = await signUp(app, { email: 'kept@example.com', password: 'old password', name: 'Kept' });
    const [before] = await database.db.select().from(users).where(eq(users.id, sub));
    const { link } = await mailedLink('kept@example.com');
    await (await fresh()).post('/interaction/reset-password', { token: tokenOf(link), password: 'new password', confirmation: 'new password' });
    const [after] = await database.db.select().from(users).where(eq(users.id, sub));
    expect({ ...after, passwordHash: '', tokensValidAfter: null }).toEqual({ ...before, passwordHash: '', tokensValidAfter: null });
    expect(after!.passwordHash).not.toBe(before!.passwordHash);
    expect(before!.tokensValidAfter).toBeNull();
    expect(after!.tokensValidAfter).toBeInstanceOf(Date);
  });
});

describe('forgot password without a mail server', () => {
  beforeEach(async () => {
    await startApp({});
  });

  it('tells the user to ask the administrator', async () => {
    const flow = await startAuthorization(app);
    expect(flow.page.body).toContain(`<a href="/interaction/${flow.uid}/forgot">Forgot password?</a>`);
    const page = await browser(flow).get(`/interaction/${flow.uid}/forgot`);

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 id="page-title">Forgot your password?</h1>');
    expect(page.body).toContain('Ask your administrator to reset your password.');
    expect(page.body).not.toContain('<form');
    expect(page.body).not.toContain('npm');
    expect(page.body).toContain(`<a class="button" href="/interaction/${flow.uid}/login">Back to sign-in</a>`);

    const posted = await browser(flow).post(`/interaction/${flow.uid}/forgot`, { email: 'someone@example.com' });
    expect(posted.body).toContain('Ask your administrator to reset your password.');
    expect(sink.mails).toHaveLength(0);
  });
});
