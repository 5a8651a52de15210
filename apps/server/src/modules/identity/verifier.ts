import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { commonErrors } from '../../lib/errors';
import type { AccessTokenVerifier, AuthContext } from './identity.types';
import { SIGNING_ALG } from './keys';

/** Asymmetric algorithms an external issuer may sign with; never HS* or none. */
const EXTERNAL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const FETCH_TIMEOUT_MS = 5_000;

interface VerifierSettings {
  issuer: string;
  audience: string;
  adminEmails: readonly string[];
}

/** Verifies the embedded issuer's JWT access tokens against its own public keys: no HTTP round-trip. */
export function createLocalVerifier(settings: VerifierSettings & { jwks: JSONWebKeySet }): AccessTokenVerifier {
  const getKey = createLocalJWKSet(settings.jwks);
  return createVerifier({
    ...settings,
    issuers: [settings.issuer],
    // typ at+jwt (RFC 9068) keeps ID tokens, signed by the same key, from passing as access tokens.
    typ: 'at+jwt',
    algorithms: [SIGNING_ALG],
    getKey: async () => getKey,
  });
}

const discoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

/**
 * Verifies an external issuer's JWT access tokens. Its discovery document and JWKS are
 * fetched on first use and cached (jose refetches the JWKS when an unknown key id shows up).
 */
export function createRemoteVerifier(settings: VerifierSettings): AccessTokenVerifier {
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    const response = await fetch(`${settings.issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`OIDC discovery answered HTTP ${response.status}`);
    const document = discoverySchema.parse(await response.json());
    return createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS });
  };
  return createVerifier({
    ...settings,
    // OIDC_ISSUER is stored without its trailing slash, but issuers such as Auth0 put one in `iss`.
    issuers: [settings.issuer, `${settings.issuer}/`],
    algorithms: EXTERNAL_ALGORITHMS,
    getKey: () => {
      // A failed discovery is forgotten so the next request tries again.
      keySet ??= discover().catch((error: unknown) => {
        keySet = null;
        throw error;
      });
      return keySet;
    },
  });
}

function createVerifier(
  options: VerifierSettings & {
    issuers: string[];
    algorithms: string[];
    typ?: string;
    getKey: () => Promise<JWTVerifyGetKey>;
  },
): AccessTokenVerifier {
  return {
    async verify(token) {
      if (!token) throw commonErrors.invalidToken();
      let getKey: JWTVerifyGetKey;
      try {
        getKey = await options.getKey();
      } catch {
        throw issuerUnreachable();
      }
      try {
        const { payload } = await jwtVerify(token, getKey, {
          issuer: options.issuers,
          audience: options.audience,
          algorithms: options.algorithms,
          requiredClaims: ['sub', 'exp'],
          clockTolerance: 5,
          ...(options.typ ? { typ: options.typ } : {}),
        });
        return toAuthContext(payload, options.adminEmails);
      } catch (error) {
        // The issuer's key endpoint being down is not the token's fault: 503, not 401.
        if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) throw issuerUnreachable();
        if (!(error instanceof joseErrors.JOSEError) && error instanceof TypeError) throw issuerUnreachable();
        throw commonErrors.invalidToken();
      }
    },
  };
}

function issuerUnreachable() {
  return commonErrors.unavailable('identity_unavailable', 'The sign-in service could not be reached to check the access token. Try again in a moment.');
}

/** Maps verified access-token claims to who is calling. The tenant is always the `sub`. */
export function toAuthContext(payload: JWTPayload, adminEmails: readonly string[]): AuthContext {
  const sub = payload.sub;
  if (!sub) throw commonErrors.invalidToken();
  const email = typeof payload.email === 'string' ? payload.email : undefined;
  const name = typeof payload.name === 'string' ? payload.name : undefined;
  // Only an issuer that vouches for the address may name an admin: anyone can sign up with
  // an administrator's address, only its owner can verify it.
  const emailVerified = payload.email_verified === true;
  return {
    sub,
    tenantId: sub,
    email,
    emailVerified,
    name,
    scopes: readScopes(payload),
    isAdmin: Boolean(email && emailVerified && adminEmails.includes(email.trim().toLowerCase())),
  };
}

function readScopes(payload: JWTPayload): string[] {
  // `scope` is RFC 9068; some issuers (Okta, Entra) send `scp`, as a list or a string.
  const raw = payload.scope ?? payload.scp;
  if (typeof raw === 'string') return raw.split(' ').filter(Boolean);
  if (Array.isArray(raw)) return raw.filter((s): s is string => typeof s === 'string');
  return [];
}
