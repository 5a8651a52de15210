import { decodeJwt } from 'jose';
import { commonErrors } from '../../lib/errors';
import type { AccessTokenVerifier, AuthContext } from './identity.types';
import type { IssuedToken, TokenRevocation } from './token-revocation';

/**
 * Remembers tokens that verified, until they expire, so a busy client does not pay for a
 * signature check on every request. Keyed by the whole token string: a forged or altered
 * token never matches, and failures are never cached. Bounded; oldest entries go first.
 * With `revocation` (the embedded issuer), every use, cached or not, is also checked against
 * sign-outs and password resets: a signature stays good after them, the token must not.
 */
export function withVerificationCache(
  verifier: AccessTokenVerifier,
  {
    maxEntries = 5000,
    now = () => Date.now(),
    revocation,
  }: { maxEntries?: number; now?: () => number; revocation?: Pick<TokenRevocation, 'isRevoked'> | undefined } = {},
): AccessTokenVerifier {
  const cache = new Map<string, { context: AuthContext; expiresAtMs: number; issued: IssuedToken }>();

  async function refuseRevoked(token: string, issued: IssuedToken): Promise<void> {
    if (!revocation || !(await revocation.isRevoked(issued))) return;
    cache.delete(token);
    throw commonErrors.invalidToken('This access token was revoked by a sign-out, a password change or an address change. Refresh it or sign in again.');
  }

  return {
    async verify(token) {
      const hit = cache.get(token);
      if (hit) {
        if (hit.expiresAtMs > now()) {
          await refuseRevoked(token, hit.issued);
          return hit.context;
        }
        cache.delete(token);
      }
      const context = await verifier.verify(token);
      const { exp, iat, gid, email, email_verified: verified } = decodeJwt(token);
      const issued = {
        sub: context.sub,
        issuedAt: typeof iat === 'number' ? iat : 0,
        grantId: typeof gid === 'string' ? gid : undefined,
        address: typeof email === 'string' ? { email, verified: verified === true } : undefined,
      };
      await refuseRevoked(token, issued);
      if (typeof exp === 'number') {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(token, { context, expiresAtMs: exp * 1000, issued });
      }
      return context;
    },
  };
}
