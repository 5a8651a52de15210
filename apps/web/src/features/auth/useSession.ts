import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';
import { useAuthState } from './AuthSession';
import type { SessionUser } from './storedUser';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'error';

export interface Session {
  status: SessionStatus;
  user: SessionUser | undefined;
  error: Error | undefined;
}

/**
 * The sign-in state the screens act on. A stored user whose access token lapsed but who still
 * has a refresh token counts as "loading" while the token manager refreshes it, so a reload
 * after lunch doesn't bounce the writer through the sign-in page.
 */
export function useSession(): Session {
  const auth = useAuthState();
  const { tokens } = useServices();
  const user = auth.user ?? undefined;
  const expired = user ? user.expired !== false : false;
  const canRestore = expired && Boolean(user?.refresh_token);
  const restoreKey = canRestore ? (user?.access_token ?? null) : null;
  const [failedRestore, setFailedRestore] = useState<string | null>(null);

  useEffect(() => {
    if (!restoreKey) return;
    let active = true;
    // Success arrives through the userLoaded event (lazyUserManager.ts), which updates auth.user.
    void tokens.getAccessToken().then((token) => {
      if (active && !token) setFailedRestore(restoreKey);
    });
    return () => {
      active = false;
    };
  }, [restoreKey, tokens]);

  if (auth.isLoading) return { status: 'loading', user, error: undefined };
  if (auth.error) return { status: 'error', user, error: auth.error };
  if (user && !expired) return { status: 'authenticated', user, error: undefined };
  if (restoreKey && failedRestore !== restoreKey) return { status: 'loading', user, error: undefined };
  return { status: 'unauthenticated', user: undefined, error: undefined };
}
