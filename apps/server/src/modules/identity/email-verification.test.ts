import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserRequest, CookieJar, signIn, signUp, startAuthorization, submitForm, type AuthorizationFlow } from '../../../test/auth-helpers';
import { linkIn, startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/db';
import { createIdentity } from './identity';
import { emailVerificationTokens, users } from './identity.table';
import type { Identity } from './identity.types';

const ORIGIN = 'http://localhost:3999';
const INVALID_LINK = 'This link to confirm your email address has expired or was already used.';
const SENT = 'If that address has an account waiting for confirmation, we sent it a new link.';
const HOUR = 60 * 60_000;

let sink: SmtpSink;
let database: Database;
let app: FastifyInstance;
let identity: Identity;
/** The clock of verification links; tests move it forward. */
let clock: number;

async function startApp(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', ...env });
  identity = await createIdentity({ config, database, now: () => new Date(clock) });
  app = await buildApp({ config, database, identity });
  await app.ready();
}

beforeAll(async () => {
  sink = await startSmtpSink();
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

/** A browser without cookies, e.g. the mail client opening the link. */
function browser() {
  const flow = {
    app,
    settings: { origin: ORIGIN, issuer: `${ORIGIN}/oidc`, clientId: 'bree-web', redirectUri: `${ORIGIN}/callback` },
    jar: new CookieJar(),
    remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  } as AuthorizationFlow;
  return {
    get: (url: string) => browserRequest(flow, { method: 'GET', url }),
    post: (url: string, form: Record<string, string>, origin = ORIGIN) => browserRequest(flow, { method: 'POST', url, form, headers: { origin } }),
  };
}

/** Posts the create-account form; with a mail server, the account waits for its address to be confirmed. */
async function createAccount(input: { email: string; password: string }): Promise<void> {
  const res = await submitForm(await startAuthorization(app, { screen: 'signup' }), 'signup', { ...input, name: '' });
  expect(res.statusCode).toBe(200);
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function verified(email: string): Promise<boolean | undefined> {
  return (await database.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerified;
}

describe('email verification with a mail server', () => {
  beforeEach(async () => {
    await startApp({ SMTP_URL: sink.url, ADMIN_EMAILS: 'editor@example.com' });
  });

  it('mails a link after sign-up; confirming it verifies the address and lets the account sign in, as the administrator', async () => {
    await createAccount({ email: 'Editor@example.com', password: 'my password' });
    const mail = await sink.waitForMail('editor@example.com');
    expect(mail.subject).toBe('Confirm your email address for Bree');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3999\/interaction\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const stored = await database.db.select().from(emailVerificationTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(tokenOf(link));
    expect(stored[0]!.expiresAt.getTime() - clock).toBe(24 * HOUR);

    // Opening the link (a mail scanner would too) only shows the button.
    const mailClient = browser();
    const page = await mailClient.get(link.slice(ORIGIN.length));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm that editor@example.com is your email address for Bree.');
    expect(page.body).toContain('<button class="button" type="submit">Confirm email address</button>');
    expect(await verified('editor@example.com')).toBe(false);

    const done = await mailClient.post('/interaction/verify-email', { token: tokenOf(link) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your email address editor@example.com is confirmed.');
    expect(await verified('editor@example.com')).toBe(true);
    expect(await database.db.select().from(emailVerificationTokens)).toHaveLength(0);
    // The account signs in from now on, as the administrator.
    const session = await signIn(app, { email: 'editor@example.com', password: 'my password' });
    expect(await identity.verifier.verify(session.accessToken)).toMatchObject({ emailVerified: true, isAdmin: true });

    // The link works once.
    const again = await mailClient.post('/interaction/verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(INVALID_LINK);
    expect(again.body).toContain('href="/interaction/verify-email/resend"');
  });

  it('is offered to the web app through GET /api/config', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().oidc.emailConfirmationUrl).toBe(`${ORIGIN}/interaction/verify-email/resend`);
  });

  it('refuses a link after 24 hours, a made-up token and a confirmation sent from another site', async () => {
    await createAccount({ email: 'late@example.com', password: 'my password' });
    const token = tokenOf(linkIn(await sink.waitForMail('late@example.com')));

    const crossSite = await browser().post('/interaction/verify-email', { token }, 'https://evil.example');
    expect(crossSite.statusCode).toBe(403);
    expect((await browser().get('/interaction/verify-email?token=made-up')).statusCode).toBe(400);

    clock += 24 * HOUR;
    const expired = await browser().post('/interaction/verify-email', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(INVALID_LINK);
    expect(await verified('late@example.com')).toBe(false);
  });

  it('sends a new link on request, with the same answer for an address without an account waiting', async () => {
    await createAccount({ email: 'again@example.com', password: 'my password' });
    await sink.waitForMail('again@example.com');
    const form = await browser().get('/interaction/verify-email/resend');
    expect(form.body).toContain('<button class="button" type="submit">Send link</button>');

    const unknown = await browser().post('/interaction/verify-email/resend', { email: 'nobody@example.com' });
    const known = await browser().post('/interaction/verify-email/resend', { email: 'Again@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain(SENT);
    expect(unknown.body).toBe(known.body);
    await expect.poll(() => sink.mails.filter((m) => m.to.includes('again@example.com')).length, { timeout: 10_000 }).toBe(2);
    expect(sink.mails.some((m) => m.to.includes('nobody@example.com'))).toBe(false);

    const latest = sink.mails.filter((m) => m.to.includes('again@example.com'))[1]!;
    expect((await browser().post('/interaction/verify-email', { token: tokenOf(linkIn(latest)) })).statusCode).toBe(200);
    expect(await verified('again@example.com')).toBe(true);
  });
});

describe('email verification without a mail server', () => {
  beforeEach(async () => {
    await startApp({});
  });

  it('sends nothing at sign-up, and the request page says the administrator confirms addresses', async () => {
    await signUp(app, { email: 'quiet@example.com', password: 'my password' });
    const page = await browser().get('/interaction/verify-email/resend');

    expect(page.body).toContain('This Bree does not send emails. Ask your administrator to confirm your email address.');
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json().oidc).not.toHaveProperty('emailConfirmationUrl');
    expect(await database.db.select().from(emailVerificationTokens)).toHaveLength(0);
    expect(sink.mails).toHaveLength(0);
  });
});
