import { jwtClaims } from './tokenExpiry';

/** The key oidc-client-ts stores the signed-in user under (`oidc.user:<authority>:<client>`), in every tab's localStorage. */
export function isStoredUserKey(key: string | null): boolean {
  return key?.startsWith('oidc.user:') === true;
}

/**
 * What an access token says of the address ("email|verified"), or null without one. When it changes,
 * what the app learned from the server (administrator rights, the profile) is read again (docs/ACCOUNT.md).
 */
export function addressOf(accessToken: string | undefined): string | null {
  const claims = accessToken ? jwtClaims(accessToken) : null;
  if (!claims || typeof claims.email !== 'string') return null;
  return `${claims.email}|${claims.email_verified === true}`;
}

/** True while the access token says the address is not confirmed yet. */
export function isUnconfirmed(accessToken: string | undefined): boolean {
  const claims = accessToken ? jwtClaims(accessToken) : null;
  return claims?.email_verified === false;
}
