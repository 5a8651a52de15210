import { jwtClaims } from './tokenExpiry';

/**
 * Where a signed-in writer can have a new email-confirmation link mailed: the server's page
 * (offered only where Bree sends mail), and only while the access token says the address is
 * unconfirmed. Null otherwise, so the profile menu stays quiet.
 */
export function emailConfirmationLink({ accessToken, url }: { accessToken: string | undefined; url: string | undefined }): string | null {
  if (!url || !accessToken) return null;
  return jwtClaims(accessToken)?.email_verified === false ? url : null;
}
