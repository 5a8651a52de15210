import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWTPayload } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helpers';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../../test/harness';
import { loadConfig } from '../../config';
import { isAppError } from '../../lib/errors';
import { createIdentity } from './identity';
import { generateSigningKey, loadIssuerSecrets, SIGNING_ALG } from './keys';
import { createRemoteVerifier, toAuthContext } from './verifier';

/** Signs an access token the way the embedded issuer does, with any key and claims. */
async function signAccessToken(key: Parameters<typeof importJWK>[0], claims: JWTPayload, exp: number, typ = 'at+jwt') {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALG, typ, kid: key.kid })
    .setIssuedAt(exp - 3600)
    .setExpirationTime(exp)
    .sign(await importJWK(key, SIGNING_ALG));
}

const now = () => Math.floor(Date.now() / 1000);

describe('the API with the embedded issuer', () => {
  let t: TestApp;
  const status = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/tenant/status', headers });

  beforeEach(async () => {
    await resetDatabase(await getTestDatabase());
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const validClaims = (sub: string, gid?: unknown) => ({ sub, iss: 'http://localhost:3999/oidc', aud: 'bree-api', email: 'w@example.com', gid });

  it('accepts a token signed by the issuer key and refuses everything else with 401', async () => {
    const { signingKeys } = await loadIssuerSecrets({ db: t.database.db });
    const key = signingKeys[0]!;
    const otherKey = { ...(await generateSigningKey()), kid: key.kid };
    const session = await signUp(t.app, { email: 'w@example.com', password: 'my password' });

    // Signed by the issuer's key and naming the account's live grant, as the issuer's own tokens do.
    const grantId = decodeJwt(session.accessToken).gid;
    const forged = await signAccessToken(key, validClaims(session.sub, grantId), now() + 600);
    expect((await status({ authorization: `Bearer ${forged}` })).statusCode).toBe(200);

    const cases: Array<[string, Record<string, string>, string]> = [
      ['no token', {}, 'unauthorized'],
      ['not a bearer header', { authorization: `Basic ${session.accessToken}` }, 'invalid_token'],
      ['a malformed token', { authorization: 'Bearer not.a.jwt' }, 'invalid_token'],
      ['an expired token', { authorization: `Bearer ${await signAccessToken(key, validClaims(session.sub), now() - 60)}` }, 'invalid_token'],
      ['a token signed by another key', { authorization: `Bearer ${await signAccessToken(otherKey, validClaims(session.sub), now() + 600)}` }, 'invalid_token'],
      [
        'a token for another audience',
        { authorization: `Bearer ${await signAccessToken(key, { ...validClaims(session.sub), aud: 'other-api' }, now() + 600)}` },
        'invalid_token',
      ],
      [
        'a token from another issuer',
        { authorization: `Bearer ${await signAccessToken(key, { ...validClaims(session.sub), iss: 'https://evil.example' }, now() + 600)}` },
        'invalid_token',
      ],
      ['an ID token instead of an access token', { authorization: `Bearer ${session.idToken}` }, 'invalid_token'],
      // The issuer's key alone is not enough: a token must name a grant that has not ended.
      ['a token naming no grant', { authorization: `Bearer ${await signAccessToken(key, validClaims(session.sub), now() + 600)}` }, 'invalid_token'],
      [
        'a token naming an unknown grant',
        { authorization: `Bearer ${await signAccessToken(key, validClaims(session.sub, 'no-such-grant'), now() + 600)}` },
        'invalid_token',
      ],
      [
        'a token for an account that does not exist',
        { authorization: `Bearer ${await signAccessToken(key, validClaims('01NOSUCHACCOUNT', grantId), now() + 600)}` },
        'invalid_token',
      ],
      [
        'an access token typed as a plain JWT',
        { authorization: `Bearer ${await signAccessToken(key, validClaims(session.sub), now() + 600, 'JWT')}` },
        'invalid_token',
      ],
    ];
    for (const [label, headers, code] of cases) {
      const res = await status(headers);
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toEqual({ error: { code, message: expect.any(String) } });
    }
  });

  it('verifier.verify throws the invalid_token AppError for an empty or garbage token', async () => {
    for (const token of ['', 'garbage', 'a.b.c']) {
      const error = await t.identity.verifier.verify(token).catch((e: unknown) => e);
      expect(isAppError(error) && error.code === 'invalid_token' && error.status === 401).toBe(true);
    }
  });
});

describe('an external issuer', () => {
  let server: Server;
  let issuer: string;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let requests: string[] = [];

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'ES256', use: 'sig' };
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.url === '/tenant/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
      } else if (req.url === '/tenant/keys') {
        res.end(JSON.stringify({ keys: [jwk] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tenant`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const externalToken = (claims: JWTPayload) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'ext-1', typ: 'JWT' }).setIssuedAt().setExpirationTime('5m').sign(privateKey);

  it('is verified through its discovery document and JWKS, fetched once', async () => {
    requests = [];
    const config = loadConfig({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: 'https://api.bree.test', ADMIN_EMAILS: 'root@example.com' });
    const identity = await createIdentity({ config, database: await getTestDatabase() });
    expect(identity.mode).toBe('external');

    const token = await externalToken({
      sub: 'auth0|abc',
      iss: issuer,
      aud: 'https://api.bree.test',
      email: 'Root@example.com',
      email_verified: true,
      scope: 'openid api',
    });
    const auth = await identity.verifier.verify(token);
    expect(auth).toEqual({
      sub: 'auth0|abc',
      tenantId: 'auth0|abc',
      email: 'Root@example.com',
      emailVerified: true,
      name: undefined,
      scopes: ['openid', 'api'],
      isAdmin: true,
    });

    // Auth0-style issuer with a trailing slash in `iss`.
    const slashed = await externalToken({ sub: 'u2', iss: `${issuer}/`, aud: 'https://api.bree.test' });
    expect((await identity.verifier.verify(slashed)).sub).toBe('u2');

    const wrongAudience = await externalToken({ sub: 'u3', iss: issuer, aud: 'someone-else' });
    await expect(identity.verifier.verify(wrongAudience)).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(requests.filter((r) => r.endsWith('openid-configuration'))).toHaveLength(1);
    await identity.close();
  });

  it('mounts no issuer and no sign-in pages', async () => {
    const t = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: 'https://api.bree.test' });
    try {
      const discovery = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
      const page = await t.app.inject({ method: 'GET', url: '/interaction/abc' });
      // Either a 404 or the SPA's index.html (when the web app is built), never the issuer's.
      const servedSpa = String(discovery.headers['content-type']).includes('text/html');
      expect(servedSpa || discovery.statusCode === 404).toBe(true);
      expect(discovery.body).not.toContain('"issuer"');
      expect(page.body).not.toContain('autocomplete="current-password"');
    } finally {
      await t.close();
    }
  });

  it('answers 503, not 401, while its discovery document cannot be fetched', async () => {
    const verifier = createRemoteVerifier({ issuer: `${issuer}/missing`, audience: 'x', adminEmails: [] });
    const token = await externalToken({ sub: 'u', iss: `${issuer}/missing`, aud: 'x' });
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 503, code: 'identity_unavailable' });
  });
});

describe('toAuthContext', () => {
  it('reads scopes from `scope` or `scp`', () => {
    expect(toAuthContext({ sub: 's', scp: ['a', 'b'] }, []).scopes).toEqual(['a', 'b']);
    expect(toAuthContext({ sub: 's' }, []).scopes).toEqual([]);
  });

  it('names an admin from ADMIN_EMAILS only when the issuer says the address is verified', () => {
    expect(toAuthContext({ sub: 's', email: ' A@X.io', email_verified: true }, ['a@x.io'])).toMatchObject({ isAdmin: true, emailVerified: true });
    expect(toAuthContext({ sub: 's', email: 'a@x.io', email_verified: false }, ['a@x.io'])).toMatchObject({ isAdmin: false, emailVerified: false });
    // No claim is no promise; a string "true" is not the boolean the standard defines.
    expect(toAuthContext({ sub: 's', email: 'a@x.io' }, ['a@x.io']).isAdmin).toBe(false);
    expect(toAuthContext({ sub: 's', email: 'a@x.io', email_verified: 'true' }, ['a@x.io']).isAdmin).toBe(false);
    expect(toAuthContext({ sub: 's', email: 'b@x.io', email_verified: true }, ['a@x.io']).isAdmin).toBe(false);
  });
});
