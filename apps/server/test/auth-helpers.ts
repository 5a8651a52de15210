import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { createAccountsRepository } from '../src/modules/identity/accounts.repository';
import { normalizeEmail } from '../src/modules/identity/accounts.service';
import { getTestDatabase } from './harness';

/**
 * Drives the embedded issuer's real browser flow through app.inject(): authorization
 * request (code + S256 PKCE) → sign-in / create-account page → form post → /callback?code
 * → token endpoint. No network. Each flow gets its own cookie jar and its own client IP,
 * so many sign-ups in one test file never trip the per-IP rate limits.
 */

export interface AuthResult {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  sub: string;
  expiresIn: number;
  /** The browser's cookies after the flow: the issuer session (for sign-out tests). */
  jar: CookieJar;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** A minimal cookie jar: name, value and path are all oidc-provider's cookies need here. */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  /** Applies a response's Set-Cookie headers (deletions included). */
  store(setCookie: string | string[] | undefined, requestPath: string): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = requestPath.slice(0, Math.max(1, requestPath.lastIndexOf('/'))) || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attrValue = ''] = attribute.split('=');
        const k = key.toLowerCase();
        if (k === 'path' && attrValue.startsWith('/')) path = attrValue;
        if (k === 'max-age' && Number(attrValue) <= 0) expired = true;
        if (k === 'expires' && Date.parse(attrValue) <= Date.now()) expired = true;
      }
      const id = `${name};${path}`;
      if (expired) this.#cookies.delete(id);
      else this.#cookies.set(id, { name, value, path });
    }
  }

  /** The Cookie header a browser would send to this path, or undefined. */
  header(requestPath: string): string | undefined {
    const matching = [...this.#cookies.values()].filter(
      (c) => requestPath === c.path || (requestPath.startsWith(c.path) && (c.path.endsWith('/') || requestPath[c.path.length] === '/')),
    );
    // Longer paths first, as browsers do.
    matching.sort((a, b) => b.path.length - a.path.length);
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }
}

interface ClientSettings {
  origin: string;
  issuer: string;
  clientId: string;
  redirectUri: string;
}

const settingsByApp = new WeakMap<FastifyInstance, Promise<ClientSettings>>();

/** What the SPA reads from GET /api/config, fetched once per app. */
function clientSettings(app: FastifyInstance): Promise<ClientSettings> {
  let settings = settingsByApp.get(app);
  if (!settings) {
    settings = (async () => {
      const res = await app.inject({ method: 'GET', url: '/api/config' });
      const body = res.json<{ oidc: { authority: string; clientId: string } }>();
      const origin = new URL(body.oidc.authority).origin;
      return { origin, issuer: body.oidc.authority, clientId: body.oidc.clientId, redirectUri: `${origin}/callback` };
    })();
    settingsByApp.set(app, settings);
  }
  return settings;
}

/** A browser in the middle of an authorization request, parked on the sign-in page. */
export interface AuthorizationFlow {
  app: FastifyInstance;
  settings: ClientSettings;
  jar: CookieJar;
  remoteAddress: string;
  codeVerifier: string;
  state: string;
  uid: string;
  /** The interaction page the flow stopped at. */
  page: LightMyRequestResponse;
}

function randomClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** One browser request: sends the jar's cookies, stores the answer's, never follows redirects. */
export async function browserRequest(
  flow: Pick<AuthorizationFlow, 'app' | 'settings' | 'jar' | 'remoteAddress'>,
  request: { method: 'GET' | 'POST'; url: string; form?: Record<string, string>; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const target = new URL(request.url, flow.settings.origin);
  const path = target.pathname;
  const headers: Record<string, string> = { host: target.host, ...request.headers };
  const cookie = flow.jar.header(path);
  if (cookie) headers.cookie = cookie;
  if (request.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await flow.app.inject({
    method: request.method,
    url: `${path}${target.search}`,
    headers,
    remoteAddress: flow.remoteAddress,
    ...(request.form ? { payload: new URLSearchParams(request.form).toString() } : {}),
  });
  flow.jar.store(res.headers['set-cookie'], path);
  return res;
}

/** Follows redirects inside the app until one leaves /oidc and /interaction (e.g. /callback). */
async function followRedirects(flow: AuthorizationFlow | Parameters<typeof browserRequest>[0], first: LightMyRequestResponse) {
  let res = first;
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.location;
    if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') return { res, location: undefined };
    const target = new URL(location, flow.settings.origin);
    if (!/^\/(oidc|interaction)(\/|$)/.test(target.pathname)) return { res, location: target };
    res = await browserRequest(flow, { method: 'GET', url: target.href });
  }
  throw new Error('Too many redirects in the sign-in flow.');
}

/** Starts an authorization request and stops on the sign-in (or, with screen 'signup', create-account) page. */
export async function startAuthorization(app: FastifyInstance, options: { screen?: 'signup'; remoteAddress?: string } = {}): Promise<AuthorizationFlow> {
  const settings = await clientSettings(app);
  const codeVerifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const query = new URLSearchParams({
    client_id: settings.clientId,
    response_type: 'code',
    redirect_uri: settings.redirectUri,
    scope: 'openid profile email offline_access',
    state,
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.screen ? { screen: options.screen } : {}),
  });
  const base = { app, settings, jar: new CookieJar(), remoteAddress: options.remoteAddress ?? randomClientIp() };
  const first = await browserRequest(base, { method: 'GET', url: `/oidc/auth?${query}` });
  const { res } = await followRedirects({ ...base, codeVerifier, state, uid: '', page: first }, first);
  const uid = /\/interaction\/([^/?"]+)\/(?:login|signup)"/.exec(res.body)?.[1];
  if (res.statusCode !== 200 || !uid) {
    throw new Error(`Expected the sign-in page, got HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`);
  }
  return { ...base, codeVerifier, state, uid: decodeURIComponent(uid), page: res };
}

/** Posts the sign-in ('login') or create-account ('signup') form of the flow, like the browser would. */
export function submitForm(flow: AuthorizationFlow, form: 'login' | 'signup', fields: Record<string, string>): Promise<LightMyRequestResponse> {
  return browserRequest(flow, {
    method: 'POST',
    url: `/interaction/${encodeURIComponent(flow.uid)}/${form}`,
    form: fields,
    headers: { origin: flow.settings.origin },
  });
}

/** The text of the page's role="alert" message, if any. */
export function alertText(html: string): string | undefined {
  const match = /role="alert"[^>]*>([^<]*)</.exec(html);
  return match?.[1]?.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** After a successful form post: follows the redirects to /callback and redeems the code. */
export async function finishAuthorization(flow: AuthorizationFlow, formResponse: LightMyRequestResponse): Promise<AuthResult> {
  if (formResponse.statusCode !== 303) {
    const why = alertText(formResponse.body) ?? formResponse.body.slice(0, 300);
    throw new Error(`Sign-in form was not accepted (HTTP ${formResponse.statusCode}): ${why}`);
  }
  const { res, location } = await followRedirects(flow, formResponse);
  if (!location || location.pathname !== new URL(flow.settings.redirectUri).pathname) {
    throw new Error(`Expected a redirect to the callback, got HTTP ${res.statusCode} ${res.headers.location ?? ''}: ${res.body.slice(0, 300)}`);
  }
  const code = location.searchParams.get('code');
  if (!code || location.searchParams.get('state') !== flow.state) throw new Error(`Callback without code or with a wrong state: ${location.href}`);
  const token = await tokenRequest(flow.app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: flow.settings.redirectUri,
    code_verifier: flow.codeVerifier,
  });
  return toAuthResult(token, flow.jar);
}

/**
 * Creates an account through the real create-account page and returns its tokens. With a mail
 * server the page asks to confirm the address first: the address is then confirmed as
 * `npm run verify-email` does (on the test database), and the account signs in.
 */
export async function signUp(app: FastifyInstance, input: { email: string; password: string; name?: string }): Promise<AuthResult> {
  const flow = await startAuthorization(app, { screen: 'signup' });
  const res = await submitForm(flow, 'signup', { email: input.email, password: input.password, name: input.name ?? '' });
  if (res.statusCode !== 200 || !res.body.includes('<h1 id="page-title">Check your email</h1>')) return finishAuthorization(flow, res);
  const accounts = createAccountsRepository({ db: (await getTestDatabase()).db });
  const user = await accounts.findByEmail({ email: normalizeEmail(input.email) });
  if (!user || !(await accounts.markEmailVerified({ id: user.id }))) throw new Error(`Sign-up made no account for ${input.email}.`);
  return signIn(app, input);
}

/** Signs an existing account in through the real sign-in page and returns its tokens. */
export async function signIn(app: FastifyInstance, input: { email: string; password: string }): Promise<AuthResult> {
  const flow = await startAuthorization(app);
  const res = await submitForm(flow, 'login', { email: input.email, password: input.password });
  return finishAuthorization(flow, res);
}

/** Redeems a refresh token (which rotates it); throws when the issuer refuses. */
export async function refresh(app: FastifyInstance, refreshToken: string): Promise<Omit<AuthResult, 'jar'>> {
  const token = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken });
  const { jar: _jar, ...rest } = toAuthResult(token, new CookieJar());
  return rest;
}

/** POSTs to the token endpoint as the SPA (public client); returns the raw answer. */
export async function postToken(app: FastifyInstance, params: Record<string, string>): Promise<LightMyRequestResponse> {
  const settings = await clientSettings(app);
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { host: new URL(settings.origin).host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: settings.clientId, ...params }).toString(),
  });
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
}

async function tokenRequest(app: FastifyInstance, params: Record<string, string>): Promise<TokenResponse> {
  const res = await postToken(app, params);
  if (res.statusCode !== 200) throw new Error(`Token endpoint refused (HTTP ${res.statusCode}): ${res.body}`);
  return res.json<TokenResponse>();
}

function toAuthResult(token: TokenResponse, jar: CookieJar): AuthResult {
  const sub = decodeJwt(token.access_token).sub;
  if (!sub) throw new Error('The access token has no sub.');
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? '',
    idToken: token.id_token ?? '',
    sub,
    expiresIn: token.expires_in,
    jar,
  };
}
