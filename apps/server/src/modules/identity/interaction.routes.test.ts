import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertText, browserRequest, signUp, startAuthorization, submitForm } from '../../../test/auth-helpers';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../../test/harness';

let t: TestApp;

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

describe('the sign-in pages', () => {
  it('show an accessible sign-in form with a link to create an account', async () => {
    const { page, uid } = await startAuthorization(t.app);
    const html = page.body;

    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toMatch(/<input id="email" name="email" type="email" autocomplete="username"/);
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="password" name="password" type="password" autocomplete="current-password"/);
    expect(html).toContain('<button class="button" type="submit">Sign in</button>');
    expect(html).toContain(`<a href="/interaction/${uid}/signup">Create account</a>`);
    expect(html).toContain('<link rel="stylesheet" href="/interaction/assets/auth.css">');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('open on the create-account form when the request says screen=signup', async () => {
    const { page, uid } = await startAuthorization(t.app, { screen: 'signup' });

    expect(page.body).toContain('<h1 id="page-title">Create account</h1>');
    expect(page.body).toContain('<label for="name">Name <span class="optional">(optional)</span></label>');
    expect(page.body).toMatch(/type="password" autocomplete="new-password"/);
    expect(page.body).toContain('<button class="button" type="submit">Create account</button>');
    expect(page.body).toContain(`<a href="/interaction/${uid}/login">Sign in</a>`);
  });

  it('escape what the user typed', async () => {
    const flow = await startAuthorization(t.app);
    const res = await submitForm(flow, 'login', { email: '"><script>alert(1)</script>', password: 'x' });

    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('serve their stylesheet and sign-out script as static files with the right types', async () => {
    const css = await t.app.inject({ method: 'GET', url: '/interaction/assets/auth.css' });
    const js = await t.app.inject({ method: 'GET', url: '/interaction/assets/autosubmit.js' });
    const missing = await t.app.inject({ method: 'GET', url: '/interaction/assets/nope.js' });

    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('#fbf7ee');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toContain('data-autosubmit');
    expect(missing.statusCode).toBe(404);
  });

  it('answer a page without its interaction cookie with a styled "expired" page', async () => {
    const { uid } = await startAuthorization(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/interaction/${uid}`, headers: { host: 'localhost:3999' } });

    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(alertText(res.body)).toBe('This sign-in page has expired. Please start again.');
  });
});

describe('cross-site form posts', () => {
  it('are refused when the Origin is another site, even with the right cookies', async () => {
    await signUp(t.app, { email: 'csrf@example.com', password: 'my password' });
    const flow = await startAuthorization(t.app);
    const res = await browserRequest(flow, {
      method: 'POST',
      url: `/interaction/${flow.uid}/login`,
      form: { email: 'csrf@example.com', password: 'my password' },
      headers: { origin: 'https://evil.example' },
    });

    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });

  it('are refused for another interaction than the cookie’s', async () => {
    const mine = await startAuthorization(t.app);
    const theirs = await startAuthorization(t.app);
    const res = await browserRequest(mine, {
      method: 'POST',
      url: `/interaction/${theirs.uid}/login`,
      form: { email: 'a@example.com', password: 'whatever' },
      headers: { origin: 'http://localhost:3999' },
    });

    expect(res.statusCode).toBe(400);
    expect(alertText(res.body)).toBe('This sign-in page has expired. Please start again.');
  });
});

describe('rate limits', () => {
  it('lock an account after 10 failed attempts, even for the right password, with Retry-After', async () => {
    await signUp(t.app, { email: 'target@example.com', password: 'the real one' });
    for (let i = 0; i < 10; i++) {
      // A fresh browser (and IP) each time: the per-account limit must hold across IPs.
      const flow = await startAuthorization(t.app);
      const res = await submitForm(flow, 'login', { email: 'target@example.com', password: `guess ${i}` });
      expect(alertText(res.body)).toBe('Incorrect email or password.');
    }
    const flow = await startAuthorization(t.app);
    const locked = await submitForm(flow, 'login', { email: 'Target@example.com', password: 'the real one' });

    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(alertText(locked.body)).toBe(TOO_MANY);
    expect(locked.body).toContain('value="Target@example.com"');

    await signUp(t.app, { email: 'bystander@example.com', password: 'unaffected' });
    const other = await startAuthorization(t.app);
    expect((await submitForm(other, 'login', { email: 'bystander@example.com', password: 'unaffected' })).statusCode).toBe(303);
  });

  it('check at most 10 passwords of a burst of concurrent attempts at one account', async () => {
    await signUp(t.app, { email: 'burst@example.com', password: 'the real one' });
    // Each attempt from its own browser and IP, all posted at once: only the per-account count can stop them.
    const flows = [];
    for (let i = 0; i < 18; i++) flows.push(await startAuthorization(t.app));
    const answers = await Promise.all(flows.map((flow, i) => submitForm(flow, 'login', { email: 'burst@example.com', password: `guess ${i}` })));

    // "Incorrect" is said only after the password was checked; a locked account is refused before.
    const checked = answers.filter((res) => res.statusCode === 401 && alertText(res.body) === 'Incorrect email or password.');
    const refused = answers.filter((res) => res.statusCode === 429 && alertText(res.body) === TOO_MANY);
    expect(checked.length).toBe(10);
    expect(refused.length).toBe(8);
    const locked = await submitForm(await startAuthorization(t.app), 'login', { email: 'burst@example.com', password: 'the real one' });
    expect(locked.statusCode).toBe(429);
  });

  it('let the right password in after a few typos, and count afresh after it', async () => {
    await signUp(t.app, { email: 'typo@example.com', password: 'the real one' });
    for (let i = 0; i < 9; i++) {
      expect((await submitForm(await startAuthorization(t.app), 'login', { email: 'typo@example.com', password: `typo ${i}` })).statusCode).toBe(401);
    }
    expect((await submitForm(await startAuthorization(t.app), 'login', { email: 'typo@example.com', password: 'the real one' })).statusCode).toBe(303);
    for (let i = 0; i < 9; i++) {
      expect((await submitForm(await startAuthorization(t.app), 'login', { email: 'typo@example.com', password: `typo ${i}` })).statusCode).toBe(401);
    }
    expect((await submitForm(await startAuthorization(t.app), 'login', { email: 'typo@example.com', password: 'the real one' })).statusCode).toBe(303);
  });

  it('limit sign-in posts per IP address', async () => {
    const remoteAddress = '203.0.113.7';
    const flow = await startAuthorization(t.app, { remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await submitForm(flow, 'login', { email: `someone${i}@example.com`, password: 'guess' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(alertText(res.body)).toBe(TOO_MANY);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('limit create-account posts per IP address', async () => {
    const flow = await startAuthorization(t.app, { screen: 'signup', remoteAddress: '203.0.113.8' });
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await submitForm(flow, 'signup', { email: 'bad', password: 'x' })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('issuer errors', () => {
  it('render a styled page without internals', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=unknown&response_type=code&scope=openid',
      headers: { host: 'localhost:3999', accept: 'text/html' },
    });

    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<h1 id="page-title">Sign-in problem</h1>');
    expect(res.body).toContain('role="alert"');
    expect(res.body).not.toMatch(/at .*\.js:\d+/);
  });

  it('publish discovery with the code flow, PKCE and the end-session endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers: { host: 'localhost:3999' } });
    const doc = res.json<Record<string, unknown>>();

    expect(doc.issuer).toBe('http://localhost:3999/oidc');
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.end_session_endpoint).toBe('http://localhost:3999/oidc/session/end');
  });
});
