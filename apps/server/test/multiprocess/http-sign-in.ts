import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { alertText, CookieJar } from '../auth-helpers';

/**
 * The embedded issuer's browser flow over real HTTP (the in-process helpers of auth-helpers.ts
 * use app.inject): authorization request with PKCE → page → form post → /callback → token.
 * Behind the round-robin proxy its requests reach every process in turn.
 */

/** One answer, read whole. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** A browser: one cookie jar, redirects never followed by fetch itself. */
export interface HttpBrowser {
  origin: string;
  jar: CookieJar;
  request(input: { method: 'GET' | 'POST'; url: string; form?: Record<string, string>; headers?: Record<string, string> }): Promise<HttpAnswer>;
}

/** A browser talking to `origin` (the proxy). */
export function httpBrowser(origin: string): HttpBrowser {
  const jar = new CookieJar();
  return {
    origin,
    jar,
    async request({ method, url, form, headers = {} }) {
      const target = new URL(url, origin);
      const cookie = jar.header(target.pathname);
      const res = await fetch(target, {
        method,
        redirect: 'manual',
        headers: {
          ...headers,
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      jar.store(res.headers.getSetCookie(), target.pathname);
      return { status: res.status, headers: res.headers, body: await res.text() };
    },
  };
}

/** A browser parked on the sign-in or create-account page of one authorization request. */
export interface HttpAuthorization {
  browser: HttpBrowser;
  uid: string;
  state: string;
  codeVerifier: string;
  clientId: string;
  redirectUri: string;
}

async function followRedirects(browser: HttpBrowser, first: HttpAnswer): Promise<{ res: HttpAnswer; location?: URL }> {
  let res = first;
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { res };
    const target = new URL(location, browser.origin);
    if (!/^\/(oidc|interaction)(\/|$)/.test(target.pathname)) return { res, location: target };
    res = await browser.request({ method: 'GET', url: target.href });
  }
  throw new Error('Too many redirects in the sign-in flow.');
}

/** Starts an authorization request as the SPA does and stops on the page. */
export async function startHttpAuthorization(origin: string, { screen }: { screen?: 'signup' } = {}): Promise<HttpAuthorization> {
  const browser = httpBrowser(origin);
  const config = JSON.parse((await browser.request({ method: 'GET', url: '/api/config' })).body) as { oidc: { clientId: string } };
  const codeVerifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const redirectUri = `${origin}/callback`;
  const query = new URLSearchParams({
    client_id: config.oidc.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    state,
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(screen ? { screen } : {}),
  });
  const { res } = await followRedirects(browser, await browser.request({ method: 'GET', url: `/oidc/auth?${query}` }));
  const uid = /\/interaction\/([^/?"]+)\/(?:login|signup)"/.exec(res.body)?.[1];
  if (res.status !== 200 || !uid) throw new Error(`Expected the sign-in page, got HTTP ${res.status}: ${res.body.slice(0, 300)}`);
  return { browser, uid: decodeURIComponent(uid), state, codeVerifier, clientId: config.oidc.clientId, redirectUri };
}

/** Posts the page's form ('login' or 'signup') with the browser's Origin. */
export function submitHttpForm(flow: HttpAuthorization, form: 'login' | 'signup', fields: Record<string, string>): Promise<HttpAnswer> {
  return flow.browser.request({
    method: 'POST',
    url: `/interaction/${encodeURIComponent(flow.uid)}/${form}`,
    form: fields,
    headers: { origin: flow.browser.origin },
  });
}

/** After an accepted form: follows the redirects to /callback and redeems the code for tokens. */
export async function finishHttpAuthorization(flow: HttpAuthorization, formAnswer: HttpAnswer): Promise<{ accessToken: string; sub: string }> {
  if (formAnswer.status !== 303)
    throw new Error(`Form not accepted (HTTP ${formAnswer.status}): ${alertText(formAnswer.body) ?? formAnswer.body.slice(0, 300)}`);
  const { res, location } = await followRedirects(flow.browser, formAnswer);
  const code = location?.searchParams.get('code');
  if (!location || !code || location.searchParams.get('state') !== flow.state)
    throw new Error(`No callback with a code: HTTP ${res.status} ${location?.href ?? ''}`);
  const token = await flow.browser.request({
    method: 'POST',
    url: '/oidc/token',
    form: { client_id: flow.clientId, grant_type: 'authorization_code', code, redirect_uri: flow.redirectUri, code_verifier: flow.codeVerifier },
  });
  if (token.status !== 200) throw new Error(`Token endpoint refused (HTTP ${token.status}): ${token.body}`);
  const accessToken = (JSON.parse(token.body) as { access_token: string }).access_token;
  const sub = decodeJwt(accessToken).sub;
  if (!sub) throw new Error('The access token has no sub.');
  return { accessToken, sub };
}

/** Creates an account through the create-account page over HTTP. */
export async function httpSignUp(origin: string, input: { email: string; password: string }): Promise<{ accessToken: string; sub: string }> {
  const flow = await startHttpAuthorization(origin, { screen: 'signup' });
  return finishHttpAuthorization(flow, await submitHttpForm(flow, 'signup', { email: input.email, password: input.password, name: '' }));
}

/** An API caller with the bearer token and tenant header, over HTTP. */
export function httpApi(origin: string, session: { accessToken: string; sub: string }) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(new URL(url, origin), {
      method,
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'x-tenant-id': session.sub,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await res.text();
    const json: unknown = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: res.status, body: json as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
}
