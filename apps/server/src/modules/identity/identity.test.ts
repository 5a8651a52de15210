import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { alertText, browserRequest, postToken, refresh, signIn, signUp, startAuthorization, submitForm } from '../../../test/auth-helpers';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../../test/harness';
import { createAccountsRepository } from './accounts.repository';
import { verifyPassword } from './accounts.service';
import { createIdentity } from './identity';
import { ACCESS_TOKEN_TTL } from './provider';
import { users } from './identity.table';

let t: TestApp;

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('creating an account', () => {
  it('returns tokens the API accepts, naming the new account as the tenant', async () => {
    const session = await signUp(t.app, { email: 'writer@example.com', password: 'correct horse', name: 'Wren' });

    expect(session.refreshToken).not.toBe('');
    expect(session.idToken).not.toBe('');
    expect(session.expiresIn).toBe(ACCESS_TOKEN_TTL);
    const auth = await t.identity.verifier.verify(session.accessToken);
    expect(auth).toMatchObject({ sub: session.sub, tenantId: session.sub, email: 'writer@example.com', name: 'Wren', isAdmin: false });

    const status = await t.app.inject({ method: 'GET', url: '/api/tenant/status', headers: bearer(session.accessToken) });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ tenantId: session.sub, initialized: false });
  });

  it('stores the email normalized and the password only as a scrypt hash', async () => {
    const { sub } = await signUp(t.app, { email: '  Mixed.Case@Example.COM ', password: 'a secret phrase' });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, sub));
    expect(row?.email).toBe('mixed.case@example.com');
    expect(row?.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(row?.passwordHash).not.toContain('a secret phrase');
    expect(row?.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('a secret phrase', row!.passwordHash)).toBe(true);
    expect(await verifyPassword('a secret phrasE', row!.passwordHash)).toBe(false);
  });

  it('refuses a password shorter than 8 characters, keeping the typed email', async () => {
    const flow = await startAuthorization(t.app, { screen: 'signup' });
    const res = await submitForm(flow, 'signup', { email: 'short@example.com', password: 'seven77', name: 'Sam' });

    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(alertText(res.body)).toBe('Password must be at least 8 characters.');
    expect(res.body).toContain('value="short@example.com"');
    expect(res.body).toContain('value="Sam"');
    expect(res.body).not.toContain('seven77');
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    await signUp(t.app, { email: 'taken@example.com', password: 'first password' });
    const flow = await startAuthorization(t.app, { screen: 'signup' });
    const res = await submitForm(flow, 'signup', { email: 'Taken@Example.com', password: 'second password' });

    expect(res.statusCode).toBe(409);
    expect(alertText(res.body)).toBe('An account with this email already exists.');
  });

  it('refuses an invalid email', async () => {
    const flow = await startAuthorization(t.app, { screen: 'signup' });
    const res = await submitForm(flow, 'signup', { email: 'not-an-email', password: 'long enough' });

    expect(res.statusCode).toBe(400);
    expect(alertText(res.body)).toBe('Enter a valid email address.');
    expect(res.body).toContain('aria-invalid="true"');
  });
});

describe('signing in', () => {
  it('with the right password returns tokens for the same account', async () => {
    const created = await signUp(t.app, { email: 'back@example.com', password: 'my password' });
    const again = await signIn(t.app, { email: 'BACK@example.com', password: 'my password' });

    expect(again.sub).toBe(created.sub);
    expect((await t.identity.verifier.verify(again.accessToken)).sub).toBe(created.sub);
  });

  it('with a wrong password shows the form again with one message and no redirect', async () => {
    await signUp(t.app, { email: 'wrong@example.com', password: 'my password' });
    const flow = await startAuthorization(t.app);
    const res = await submitForm(flow, 'login', { email: 'wrong@example.com', password: 'not my password' });

    expect(res.statusCode).toBe(401);
    expect(res.headers.location).toBeUndefined();
    expect(alertText(res.body)).toBe('Incorrect email or password.');
    expect(res.body).toContain('value="wrong@example.com"');
    expect(res.body).not.toContain('not my password');
  });

  it('with an unknown email shows exactly the same message (no account enumeration)', async () => {
    const flow = await startAuthorization(t.app);
    const res = await submitForm(flow, 'login', { email: 'nobody@example.com', password: 'whatever it is' });

    expect(res.statusCode).toBe(401);
    expect(alertText(res.body)).toBe('Incorrect email or password.');
  });

  it('can still succeed on the same page after a mistake', async () => {
    const created = await signUp(t.app, { email: 'retry@example.com', password: 'my password' });
    const flow = await startAuthorization(t.app);
    await submitForm(flow, 'login', { email: 'retry@example.com', password: 'typo' });
    const res = await submitForm(flow, 'login', { email: 'retry@example.com', password: 'my password' });

    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^http:\/\/localhost:3999\/oidc\/auth\//);
    expect(created.sub).toBeTruthy();
  });

  it('names admins from ADMIN_EMAILS through the access token email, once the address is verified', async () => {
    await t.close();
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    const boss = await signUp(t.app, { email: 'Boss@Example.com', password: 'in charge!' });
    const staff = await signUp(t.app, { email: 'staff@example.com', password: 'not in charge' });

    // Anyone can sign up with an administrator's address: it counts only once verified.
    expect(decodeJwt(boss.accessToken)).toMatchObject({ email: 'boss@example.com', email_verified: false });
    expect(await t.identity.verifier.verify(boss.accessToken)).toMatchObject({ emailVerified: false, isAdmin: false });

    await createAccountsRepository({ db: t.database.db }).markEmailVerified({ id: boss.sub });
    const verified = await refresh(t.app, boss.refreshToken);
    expect(decodeJwt(verified.accessToken)).toMatchObject({ email: 'boss@example.com', email_verified: true });
    expect(await t.identity.verifier.verify(verified.accessToken)).toMatchObject({ emailVerified: true, isAdmin: true });
    expect((await t.identity.verifier.verify(staff.accessToken)).isAdmin).toBe(false);
  });
});

describe('silent sign-in', () => {
  it('with the issuer session cookie returns a code without showing a page (prompt=none)', async () => {
    const session = await signUp(t.app, { email: 'silent@example.com', password: 'my password' });
    const { settings } = await startAuthorization(t.app);
    const verifier = 'v'.repeat(50);
    const query = new URLSearchParams({
      client_id: 'bree-web',
      response_type: 'code',
      redirect_uri: 'http://localhost:3999/silent-callback',
      scope: 'openid profile email offline_access',
      state: 'st',
      prompt: 'none',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const res = await browserRequest({ app: t.app, settings, jar: session.jar, remoteAddress: '192.0.2.1' }, { method: 'GET', url: `/oidc/auth?${query}` });
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/silent-callback');
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();

    const token = await postToken(t.app, {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: 'http://localhost:3999/silent-callback',
      code_verifier: verifier,
    });
    expect(token.statusCode).toBe(200);
    const body = token.json<{ access_token: string; refresh_token?: string }>();
    expect((await t.identity.verifier.verify(body.access_token)).sub).toBe(session.sub);
    // prompt=none drops offline_access, but the SPA still gets a refresh token.
    expect(body.refresh_token).toBeTruthy();
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: the new one works, the old one is refused', async () => {
    const first = await signUp(t.app, { email: 'rotate@example.com', password: 'my password' });
    const second = await refresh(t.app, first.refreshToken);

    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.sub).toBe(first.sub);
    expect((await t.identity.verifier.verify(second.accessToken)).sub).toBe(first.sub);

    const reuse = await postToken(t.app, { grant_type: 'refresh_token', refresh_token: first.refreshToken });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('restarts', () => {
  it('keep signing keys, so tokens from before still verify and refresh tokens still work', async () => {
    const session = await signUp(t.app, { email: 'restart@example.com', password: 'my password' });

    const later = await createTestApp();
    try {
      expect((await later.identity.verifier.verify(session.accessToken)).sub).toBe(session.sub);
      const refreshed = await refresh(later.app, session.refreshToken);
      expect(refreshed.sub).toBe(session.sub);
    } finally {
      await later.close();
    }
  });

  it('a second identity on the same database verifies the first one’s tokens', async () => {
    const session = await signUp(t.app, { email: 'second@example.com', password: 'my password' });
    const second = await createIdentity({ config: t.config, database: t.database });
    try {
      expect((await second.verifier.verify(session.accessToken)).tenantId).toBe(session.sub);
    } finally {
      await second.close();
    }
  });
});
