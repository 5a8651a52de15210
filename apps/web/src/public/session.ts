/**
 * Whether this browser holds a Bree session, read from where the sign-in library keeps it
 * (`oidc.user:…` in localStorage) without loading that library: a session whose access token
 * has expired still counts while it has a refresh token, since the app renews it on arrival.
 */
export function hasStoredSession(storage: Storage = window.localStorage, now = Date.now()): boolean {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith('oidc.user:')) continue;
    try {
      const user = JSON.parse(storage.getItem(key) ?? '') as { refresh_token?: unknown; expires_at?: unknown };
      if (typeof user.refresh_token === 'string' && user.refresh_token) return true;
      if (typeof user.expires_at === 'number' && user.expires_at * 1000 > now) return true;
    } catch {
      // A damaged entry is no session.
    }
  }
  return false;
}
