import { AUTH } from '@bree/contracts';

/** The parts of an oidc-client-ts User the token logic reads. */
export interface TokenUser {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  /** Seconds since epoch, as oidc-client-ts stores it. */
  expires_at?: number;
}

/** The claims of a JWT's payload (read, not verified: the server verifies); null for opaque or malformed tokens. */
export function jwtClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads `exp` (seconds) from a JWT payload; null for opaque or malformed tokens. */
export function jwtExpiry(token: string): number | null {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/**
 * When the user's access token expires, in ms since epoch: the stored expires_at, else the
 * JWT's exp, else (unreadable) one hour after `seenAt` — the default lifetime of docs/PRODUCT.md#startup.
 */
export function accessTokenExpiresAt(user: TokenUser, seenAt: number): number {
  if (typeof user.expires_at === 'number' && Number.isFinite(user.expires_at)) return user.expires_at * 1000;
  const exp = jwtExpiry(user.access_token);
  if (exp !== null) return exp * 1000;
  return seenAt + AUTH.defaultTokenLifetimeMs;
}

/** True when a token expiring at `expiresAt` may still be used at `now` (more than 2 minutes left). */
export function isFreshEnough(expiresAt: number, now: number): boolean {
  return expiresAt - now > AUTH.refreshMarginMs;
}
