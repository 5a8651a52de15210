import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserRequest, postToken, signUp, startAuthorization, type AuthResult } from '../../../test/auth-helpers';
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

/** The signed-in browser of a new account, holding the issuer session cookie. */
async function signedInBrowser(email: string) {
  const session = await signUp(t.app, { email, password: 'my password' });
  const browser = { app: t.app, jar: session.jar, remoteAddress: '198.51.100.1', settings: (await startAuthorization(t.app)).settings };
  return { session, browser };
}

type Browser = Awaited<ReturnType<typeof signedInBrowser>>['browser'];

function endSessionUrl(session: AuthResult): string {
  return `/oidc/session/end?${new URLSearchParams({ id_token_hint: session.idToken, post_logout_redirect_uri: `${SITE}/` })}`;
}

function xsrfOf(html: string): string {
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!xsrf) throw new Error(`No sign-out form on the page: ${html.slice(0, 300)}`);
  return xsrf;
}

/** Silent sign-in with the browser's cookies, as the SPA does: a code and tokens while the issuer session lives. */
async function silentSignIn(browser: Browser): Promise<'signed in' | 'signed out'> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: 'bree-web',
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: `${SITE}/callback`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'none',
  });
  const res = await browserRequest(browser, { method: 'GET', url: `/oidc/auth?${query}` });
  const location = new URL(String(res.headers.location));
  if (location.searchParams.get('error') === 'login_required') return 'signed out';
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`Unexpected answer to a silent sign-in: ${location.href}`);
  const token = await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: `${SITE}/callback`, code_verifier: verifier });
  expect(token.statusCode).toBe(200);
  return 'signed in';
}

describe('signing out from Bree', () => {
  it('auto-submits a styled page and returns to the site, ending the issuer session', async () => {
    const { session, browser } = await signedInBrowser('leaving@example.com');

    const page = await browserRequest(browser, { method: 'GET', url: endSessionUrl(session), headers: { 'sec-fetch-site': 'same-origin' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('<body data-autosubmit="op.logoutForm">');
    expect(page.body).toContain('<script src="/interaction/assets/autosubmit.js" defer></script>');
    expect(page.body).toContain('<button class="button" type="submit" form="op.logoutForm">Sign out</button>');
    expect(page.body).toContain('<input type="hidden" name="logout" value="yes" form="op.logoutForm">');

    const done = await browserRequest(browser, {
      method: 'POST',
      url: '/oidc/session/end/confirm',
      form: { xsrf: xsrfOf(page.body), logout: 'yes' },
      headers: SAME_ORIGIN,
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${SITE}/`);
    expect(await silentSignIn(browser)).toBe('signed out');
  });

  it('without a return address ends on a styled "signed out" page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/session/end/success', headers: { host: 'localhost:3999' } });

    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 id="page-title">Signed out</h1>');
    expect(res.body).toContain(`href="${SITE}/"`);
  });
});

describe('a sign-out started by another site', () => {
  it('a cross-site GET of the end-session URL only asks, and the session stays valid', async () => {
    const { session, browser } = await signedInBrowser('stays@example.com');

    const page = await browserRequest(browser, { method: 'GET', url: endSessionUrl(session), headers: { 'sec-fetch-site': 'cross-site' } });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 id="page-title">Sign out</h1>');
    expect(page.body).toContain('Do you want to sign out of Bree?');
    expect(page.body).toContain(`<a href="${SITE}/app">Stay signed in</a>`);
    expect(page.body).not.toContain('data-autosubmit');
    expect(page.body).not.toContain('autosubmit.js');
    expect(await silentSignIn(browser)).toBe('signed in');
  });

  it('a GET from a foreign Origin or Referer (browsers without Sec-Fetch-Site) only asks too', async () => {
    const { session, browser } = await signedInBrowser('older-browser@example.com');

    const fromOrigin = await browserRequest(browser, { method: 'GET', url: endSessionUrl(session), headers: { origin: 'https://evil.example' } });
    const fromReferer = await browserRequest(browser, { method: 'GET', url: endSessionUrl(session), headers: { referer: 'https://evil.example/page' } });
    const typed = await browserRequest(browser, { method: 'GET', url: endSessionUrl(session) });

    for (const page of [fromOrigin, fromReferer, typed]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('data-autosubmit');
    }
    expect(await silentSignIn(browser)).toBe('signed in');
  });

  it('a confirmation posted by another site is refused even with the page’s token, and the session stays valid', async () => {
    const { session, browser } = await signedInBrowser('targeted@example.com');
    const page = await browserRequest(browser, { method: 'GET', url: endSessionUrl(session), headers: { 'sec-fetch-site': 'cross-site' } });
    const form = { xsrf: xsrfOf(page.body), logout: 'yes' };

    const foreign: Record<string, string>[] = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { referer: 'https://evil.example/' }];
    for (const headers of foreign) {
      const refused = await browserRequest(browser, { method: 'POST', url: '/oidc/session/end/confirm', form, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('This sign-out was sent from another site, so it was ignored. You are still signed in.');
    }
    // The issuer's router also takes other spellings of the path (any case, a trailing slash).
    for (const url of ['/oidc/session/end/confirm/', '/oidc/SESSION/End/CONFIRM', '/oidc/session/end/Confirm/?x=1']) {
      const refused = await browserRequest(browser, { method: 'POST', url, form, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(refused.statusCode, url).toBe(403);
    }
    expect(await silentSignIn(browser)).toBe('signed in');

    // The person who does want to leave presses the button on Bree's page.
    const pressed = await browserRequest(browser, { method: 'POST', url: '/oidc/session/end/confirm', form, headers: SAME_ORIGIN });
    expect(pressed.statusCode).toBe(303);
    expect(await silentSignIn(browser)).toBe('signed out');
  });
});
