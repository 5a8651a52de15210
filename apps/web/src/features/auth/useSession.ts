import { useEffect, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import type { User } from 'oidc-client-ts';
import { useServices } from '../../app/services';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'error';

export interface Session {
  status: SessionStatus;
  user: User | undefined;
  error: Error | undefined;
}

/**
 * The sign-in state the screens act on. A stored user whose access token lapsed but who still
 * has a refresh token counts as "loading" while the token manager refreshes it, so a reload
 * after lunch doesn't bounce the writer through the sign-in page.
 */
export function useSession(): Session {
  const auth = useAuth();
  const { tokens } = useServices();
  const user = auth.user ?? undefined;
  const expired = user ? user.expired !== false : false;
  const canRestore = expired && Boolean(user?.refresh_token);
  const restoreKey = canRestore ? (user?.access_token ?? null) : null;
  const [failedRestore, setFailedRestore] = useState<string | null>(null);

  useEffect(() => {
    if (!restoreKey) return;
    let active = true;
    // Success arrives through oidc-client-ts's userLoaded event, which updates auth.user.
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
