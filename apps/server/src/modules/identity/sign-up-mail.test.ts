import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertText, browserRequest, signIn, signUp, startAuthorization, submitForm } from '../../../test/auth-helpers';
import { linkIn, startSmtpSink, type SmtpSink } from '../../../test/fakes/smtp-sink';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/db';
import { createIdentity } from './identity';
import { users } from './identity.table';
import type { Identity } from './identity.types';

const ORIGIN = 'http://localhost:3999';
const CONFIRM_SUBJECT = 'Confirm your email address for Bree';
const NOTICE_SUBJECT = 'Someone tried to create a Bree account with your email address';
const INCORRECT = 'Incorrect email or password.';

let sink: SmtpSink;
let database: Database;
let app: FastifyInstance;
let identity: Identity;

async function startApp(env: Record<string, string>): Promise<void> {
  const config = loadConfig({ PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', ...env });
  identity = await createIdentity({ config, database });
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
});
afterEach(async () => {
  await app.close();
  await identity.close();
});

/** Posts the create-account form from a new browser. */
async function createAccount(fields: { email: string; password: string; name?: string }) {
  const flow = await startAuthorization(app, { screen: 'signup' });
  return submitForm(flow, 'signup', { name: '', ...fields });
}

const accountsOf = async (email: string) => database.db.select().from(users).where(eq(users.email, email));
const mailsTo = (email: string) => sink.mails.filter((mail) => mail.to.includes(email));

describe('creating an account with a mail server', () => {
  beforeEach(async () => {
    await startApp({ SMTP_URL: sink.url });
  });

  it('answers a taken address exactly as a new one, mails the owner instead and makes no second account', async () => {
    await signUp(app, { email: 'owner@example.com', password: 'the owner password' });
    // The owner's own confirmation is sent after the answer: once it is in, the sink is cleared,
    // so the mail awaited below can only be the notice (CI met the confirmation arriving late).
    await sink.waitForMail('owner@example.com');
    sink.mails.length = 0;

    const fresh = await createAccount({ email: 'fresh@example.com', password: 'a new password', name: 'Fresh' });
    const taken = await createAccount({ email: 'Owner@example.com', password: 'a new password', name: 'Fresh' });

    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('<h1 id="page-title">Check your email</h1>');
    // The same page, but for the address each requester typed.
    expect(taken.body.replaceAll('Owner@example.com', 'ADDRESS')).toBe(fresh.body.replaceAll('fresh@example.com', 'ADDRESS'));
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    expect(taken.headers.location).toBeUndefined();

    const notice = await sink.waitForMail('owner@example.com');
    expect(notice.subject).toBe(NOTICE_SUBJECT);
    expect(notice.text).toContain(`${ORIGIN}/app`);
    expect(notice.text).toContain(`${ORIGIN}/interaction/forgot-password`);
    expect(notice.text).toContain('Forgot password?');
    expect((await sink.waitForMail('fresh@example.com')).subject).toBe(CONFIRM_SUBJECT);
    expect(mailsTo('owner@example.com').map((mail) => mail.subject)).toEqual([NOTICE_SUBJECT]);

    // One account for the address, still with the owner's password.
    expect(await accountsOf('owner@example.com')).toHaveLength(1);
    expect((await signIn(app, { email: 'owner@example.com', password: 'the owner password' })).accessToken).toBeTruthy();
    const intruder = await submitForm(await startAuthorization(app), 'login', { email: 'owner@example.com', password: 'a new password' });
    expect(intruder.statusCode).toBe(401);
  });

  it('lets a new account sign in only once its address is confirmed, refusing its password before as a wrong one', async () => {
    const created = await createAccount({ email: 'later@example.com', password: 'my password' });
    expect(created.statusCode).toBe(200);
    const link = linkIn(await sink.waitForMail('later@example.com'));

    const early = await submitForm(await startAuthorization(app), 'login', { email: 'later@example.com', password: 'my password' });
    const wrong = await submitForm(await startAuthorization(app), 'login', { email: 'later@example.com', password: 'not my password' });
    expect(early.statusCode).toBe(401);
    expect(alertText(early.body)).toBe(INCORRECT);
    expect(wrong.statusCode).toBe(401);

    const flow = await startAuthorization(app);
    const confirmed = await browserRequest(flow, {
      method: 'POST',
      url: '/interaction/verify-email',
      form: { token: new URL(link).searchParams.get('token') ?? '' },
      headers: { origin: ORIGIN },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await accountsOf('later@example.com'))[0]?.emailVerified).toBe(true);
    expect((await signIn(app, { email: 'later@example.com', password: 'my password' })).accessToken).toBeTruthy();
  });

  it('still names what is wrong with the form itself', async () => {
    const res = await createAccount({ email: 'short@example.com', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(alertText(res.body)).toBe('Password must be at least 8 characters.');
    expect(await accountsOf('short@example.com')).toHaveLength(0);
  });
});

describe('creating an account without a mail server', () => {
  beforeEach(async () => {
    await startApp({});
  });

  it('still says that the address has an account: nobody could be told otherwise', async () => {
    await signUp(app, { email: 'owner@example.com', password: 'the owner password' });
    const taken = await createAccount({ email: 'owner@example.com', password: 'a new password' });
    expect(taken.statusCode).toBe(409);
    expect(alertText(taken.body)).toBe('An account with this email already exists.');
    expect(sink.mails).toHaveLength(0);
  });
});
