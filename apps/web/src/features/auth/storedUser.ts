import type { PublicConfig } from '@bree/contracts';
// Types only: erased from the build, so reading the stored user does not load the library.
import type { UserProfile } from 'oidc-client-ts';
import { accessTokenExpiresAt, isFreshEnough } from './tokenExpiry';
import type { TokenUser } from './tokenExpiry';

/** The signed-in user as the app reads it: what oidc-client-ts stores, plus its `expired` flag. */
export interface SessionUser extends TokenUser {
  /** The ID token's claims, as oidc-client-ts stored them (read, not verified: the server verifies). */
  profile: UserProfile;
  token_type?: string;
  scope?: string;
  /** As oidc-client-ts computes it: undefined without expires_at, else whether that second has passed. */
  expired: boolean | undefined;
}

/**
 * Where oidc-client-ts keeps the user: its store's `oidc.` prefix and its key
 * `user:<authority>:<client_id>`, in the storage userManager.ts gives it (localStorage).
 */
export function storedUserKey(oidc: Pick<PublicConfig['oidc'], 'authority' | 'clientId'>): string {
  return `oidc.user:${oidc.authority}:${oidc.clientId}`;
}

/**
 * Reads the stored user without loading oidc-client-ts, so a signed-in writer's page can use the
 * access token while it is valid. A missing or damaged entry is no user (oidc-client-ts would not
 * return one either); the token is not verified here, the server does that.
 */
export function readStoredUser(storage: Pick<Storage, 'getItem'>, key: string, now = Date.now()): SessionUser | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const stored = raw as Record<string, unknown>;
  const profile = stored.profile as Record<string, unknown> | undefined;
  if (typeof stored.access_token !== 'string' || !stored.access_token) return null;
  if (!profile || typeof profile !== 'object' || typeof profile.sub !== 'string') return null;
  const expiresAt = typeof stored.expires_at === 'number' && Number.isFinite(stored.expires_at) ? stored.expires_at : undefined;
  return {
    access_token: stored.access_token,
    ...(typeof stored.refresh_token === 'string' ? { refresh_token: stored.refresh_token } : {}),
    ...(typeof stored.id_token === 'string' ? { id_token: stored.id_token } : {}),
    ...(typeof stored.token_type === 'string' ? { token_type: stored.token_type } : {}),
    ...(typeof stored.scope === 'string' ? { scope: stored.scope } : {}),
    ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}),
    profile: profile as SessionUser['profile'],
    // oidc-client-ts: expires_at minus the whole seconds now; expired once that is <= 0.
    expired: expiresAt === undefined ? undefined : expiresAt - Math.floor(now / 1000) <= 0,
  };
}

/**
 * Whether the stored user's access token can be used as it is (more than the 2-minute margin
 * left). When not, a refresh or a sign-in is coming, so boot starts loading oidc-client-ts at once.
 */
export function hasUsableToken(user: TokenUser | null, now = Date.now()): boolean {
  if (!user) return false;
  return isFreshEnough(accessTokenExpiresAt(user, now), now);
}
