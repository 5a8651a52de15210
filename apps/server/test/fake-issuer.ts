import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** The API audience the tests' Bree expects in an external issuer's tokens. */
export const EXTERNAL_AUDIENCE = 'https://api.bree.test';

/** An external OpenID Connect issuer on a local port, for tests of Bree behind one (docs/EXTERNAL-OIDC.md). */
export interface FakeIssuer {
  issuer: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE for a Bree that trusts this issuer. */
  env: Record<string, string>;
  /** An access token it signs (ES256, five minutes), with `claims` over its issuer, audience and scope. */
  sign(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Serves the discovery document and the signing key under `base` (an issuer URL may have a path). */
export async function startFakeIssuer({ base = '' }: { base?: string } = {}): Promise<FakeIssuer> {
  const pair = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'ES256', use: 'sig' };
  let issuer = '';
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === `${base}/.well-known/openid-configuration`) res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
    else if (req.url === `${base}/keys`) res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`;
  return {
    issuer,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: EXTERNAL_AUDIENCE },
    sign: (claims) =>
      new SignJWT({ iss: issuer, aud: EXTERNAL_AUDIENCE, scope: 'openid', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'ext-1', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(pair.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
