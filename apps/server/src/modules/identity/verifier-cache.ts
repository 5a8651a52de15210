import { decodeJwt } from 'jose';
import type { AccessTokenVerifier, AuthContext } from './identity.types';

/**
 * Remembers tokens that verified, until they expire, so a busy client does not pay for a
 * signature check on every request. Keyed by the whole token string: a forged or altered
 * token never matches, and failures are never cached. Bounded; oldest entries go first.
 */
export function withVerificationCache(
  verifier: AccessTokenVerifier,
  { maxEntries = 5000, now = () => Date.now() }: { maxEntries?: number; now?: () => number } = {},
): AccessTokenVerifier {
  const cache = new Map<string, { context: AuthContext; expiresAtMs: number }>();
  return {
    async verify(token) {
      const hit = cache.get(token);
      if (hit) {
        if (hit.expiresAtMs > now()) return hit.context;
        cache.delete(token);
      }
      const context = await verifier.verify(token);
      const exp = decodeJwt(token).exp;
      if (typeof exp === 'number') {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(token, { context, expiresAtMs: exp * 1000 });
      }
      return context;
    },
  };
}
