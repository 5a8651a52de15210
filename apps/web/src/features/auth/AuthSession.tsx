import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { AppUserManager } from './lazyUserManager';
import type { SessionUser } from './storedUser';

/** The signed-in user as the screens see it (what react-oidc-context's useAuth gave Bree before). */
export interface AuthState {
  isLoading: boolean;
  user: SessionUser | null;
  error: Error | undefined;
}

export const AuthSessionContext = createContext<AuthState | null>(null);

/**
 * Bree's own small replacement of react-oidc-context's provider, whose module imports oidc-client-ts
 * and so put it in every page's first load: it starts from the stored user (read synchronously, so a
 * signed-in writer's editor renders at once) and follows the user events of the lazy UserManager.
 * The callback pages process the issuer's answer themselves, as with `skipSigninCallback` before.
 */
export function AuthSessionProvider({ userManager, children }: { userManager: Pick<AppUserManager, 'getUser' | 'peekUser' | 'events'>; children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => ({ isLoading: false, user: userManager.peekUser(), error: undefined }));

  useEffect(() => {
    let active = true;
    const onLoaded = (user: SessionUser) => setState({ isLoading: false, user, error: undefined });
    const onUnloaded = () => setState({ isLoading: false, user: null, error: undefined });
    userManager.events.addUserLoaded(onLoaded);
    userManager.events.addUserUnloaded(onUnloaded);
    // A user stored between the first render and now (another tab, a callback) is taken too.
    userManager.getUser().then(
      (user) => {
        if (active) setState((prev) => (prev.user?.access_token === user?.access_token ? prev : { isLoading: false, user, error: undefined }));
      },
      (error: unknown) => {
        if (active) setState({ isLoading: false, user: null, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      active = false;
      userManager.events.removeUserLoaded(onLoaded);
      userManager.events.removeUserUnloaded(onUnloaded);
    };
  }, [userManager]);

  return <AuthSessionContext.Provider value={state}>{children}</AuthSessionContext.Provider>;
}

/** The current sign-in state; inside <AuthSessionProvider>. */
export function useAuthState(): AuthState {
  const state = useContext(AuthSessionContext);
  if (!state) throw new Error('useAuthState must be used inside <AuthSessionProvider>');
  return state;
}
