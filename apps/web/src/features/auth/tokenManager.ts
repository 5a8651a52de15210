import { AUTH } from '@bree/contracts';
import { accessTokenExpiresAt, isFreshEnough } from './tokenExpiry';
import type { TokenUser } from './tokenExpiry';
import { MissingRefreshTokenError, classifyRefreshError, meansRefreshTokenExpired, needsInteractiveSignIn } from './refreshErrors';
import { DEFAULT_RETURN_TO, safeReturnTo } from './returnTo';

/** Signals raised for the rest of the app (docs/PRODUCT.md#startup). */
export type AuthSignal = 'LOGIN_REQUIRED_REDIRECT' | 'REFRESH_TOKEN_EXPIRED';

export const SESSION_ENDING_MESSAGE = 'Your session has expired. Redirecting to login...';
export const REDIRECTING_MESSAGE = 'Redirecting to sign-in…';

/** Session-storage keys: survive the sign-in redirect, die with the tab. */
export const FAILURES_KEY = 'bree.auth.refreshFailures';
export const SIGNED_OUT_KEY = 'bree.auth.signedOut';

/** The subset of oidc-client-ts's UserManager this module drives (a fake in tests). */
export interface TokenUserManager {
  getUser(): Promise<TokenUser | null>;
  signinSilent(): Promise<TokenUser | null>;
  signinRedirect(args: { state: { returnTo: string }; prompt?: string; extraQueryParams?: Record<string, string> }): Promise<void>;
  signoutRedirect(args: { post_logout_redirect_uri: string; id_token_hint?: string }): Promise<void>;
  removeUser(): Promise<void>;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TokenManagerDeps {
  userManager: TokenUserManager;
  notify: { info(message: string): unknown; error(message: string): unknown };
  /** Site origin, e.g. https://bree.example — sign-out returns here. */
  origin: string;
  /** Where the user is now, so a forced re-login brings them back. */
  currentPath: () => string;
  storage: KeyValueStore;
  now?: () => number;
  schedule?: (fn: () => void, ms: number) => void;
  onSignal?: (signal: AuthSignal) => void;
  /** Runs before the sign-out redirect (e.g. reset the current tenant). */
  onSignedOut?: () => void;
  /** Told of each new access token handed out (the service worker keeps a copy for Background Sync). */
  onAccessToken?: (token: string, expiresAt: number) => void;
  /** Used when the issuer's sign-out redirect cannot start. */
  navigate?: (url: string) => void;
}

export interface SignInOptions {
  returnTo?: string;
  /** prompt=login: the issuer must ask for credentials even with a live session. */
  forceLogin?: boolean;
  /** Ask the issuer for its create-account screen. */
  signup?: boolean;
}

export interface SignOutOptions {
  /** The account is gone (deleted): no issuer session is left to end, so only this browser forgets it. */
  localOnly?: boolean;
  /** Where the browser goes afterwards with `localOnly`: a path of this origin (the start page when not said). */
  to?: string;
}

export interface TokenManager {
  getAccessToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  invalidate(): void;
  refresh(): Promise<string | null>;
  trySilentSignIn(): Promise<boolean>;
  signIn(options?: SignInOptions): Promise<void>;
  signOut(options?: SignOutOptions): Promise<void>;
  handleSignedIn(user: TokenUser): void;
  startFocusRefresh(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
  isRefreshTokenExpired(): boolean;
  failureCount(): number;
}

/** Creates the token manager: cached token reuse, one shared refresh, failure rules, sign-in/out. */
export function createTokenManager(deps: TokenManagerDeps): TokenManager {
  const { userManager, notify, storage } = deps;
  const now = deps.now ?? (() => Date.now());
  const schedule = deps.schedule ?? ((fn: () => void, ms: number) => void setTimeout(fn, ms));
  const signal = (s: AuthSignal) => deps.onSignal?.(s);

  let cached: { token: string; expiresAt: number } | null = null;
  let loading: Promise<string | null> | null = null;
  let refreshing: Promise<string | null> | null = null;
  let refreshTokenExpired = false;
  let signingOut = false;
  let redirecting: Promise<void> | null = null;

  const remember = (user: TokenUser) => {
    // Keep the first-seen time of an unchanged token so the 1 h default doesn't slide forward.
    if (cached?.token === user.access_token) return;
    cached = { token: user.access_token, expiresAt: accessTokenExpiresAt(user, now()) };
    deps.onAccessToken?.(cached.token, cached.expiresAt);
  };

  const failureCount = () => Number(storage.getItem(FAILURES_KEY) ?? '0') || 0;
  const resetFailures = () => storage.removeItem(FAILURES_KEY);

  function handleFailure(error: unknown) {
    const reason = classifyRefreshError(error);
    console.warn('[auth] token refresh failed:', reason, error);
    if (meansRefreshTokenExpired(reason) && !refreshTokenExpired) {
      refreshTokenExpired = true;
      signal('REFRESH_TOKEN_EXPIRED');
    }
    // Network trouble and the like: the next call simply tries again.
    if (!needsInteractiveSignIn(reason)) return;
    const failures = failureCount() + 1;
    storage.setItem(FAILURES_KEY, String(failures));
    if (failures >= AUTH.maxQuietRefreshFailures) {
      if (signingOut) return;
      notify.error(SESSION_ENDING_MESSAGE);
      schedule(() => void signOut(), AUTH.logoutDelayMs);
    } else if (failures === 1) {
      notify.info(REDIRECTING_MESSAGE);
      signal('LOGIN_REQUIRED_REDIRECT');
      void signIn({ returnTo: deps.currentPath(), forceLogin: true });
    }
    // The failures in between recover quietly.
  }

  function refresh(): Promise<string | null> {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      try {
        const user = await userManager.getUser();
        if (!user) return null; // Not signed in: nothing to refresh, and nothing failed.
        if (!user.refresh_token) throw new MissingRefreshTokenError();
        const fresh = await userManager.signinSilent();
        if (!fresh) throw new Error('Silent sign-in returned no user');
        cached = null;
        remember(fresh);
        resetFailures();
        refreshTokenExpired = false;
        return fresh.access_token;
      } catch (error) {
        handleFailure(error);
        return null;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function getAccessToken({ forceRefresh = false }: { forceRefresh?: boolean } = {}): Promise<string | null> {
    if (forceRefresh) {
      cached = null;
      return refresh();
    }
    if (cached && isFreshEnough(cached.expiresAt, now())) return Promise.resolve(cached.token);
    if (loading) return loading;
    loading = (async () => {
      try {
        const user = await userManager.getUser();
        if (!user) {
          cached = null;
          return null;
        }
        remember(user);
        if (cached && isFreshEnough(cached.expiresAt, now())) return cached.token;
        const fresh = await refresh();
        if (fresh) return fresh;
        // A failed refresh shouldn't throw away a token that is still valid for a while.
        return cached && cached.expiresAt > now() ? cached.token : null;
      } finally {
        loading = null;
      }
    })();
    return loading;
  }

  function signIn({ returnTo = DEFAULT_RETURN_TO, forceLogin = false, signup = false }: SignInOptions = {}): Promise<void> {
    // The first redirect wins: a later, plainer one (e.g. the route guard reacting to the failed
    // refresh) must not replace a forced login that is already under way.
    if (redirecting) return redirecting;
    // Sign-out clears the user first; route guards reacting to that must not start a sign-in.
    if (signingOut) return Promise.resolve();
    redirecting = userManager
      .signinRedirect({
        state: { returnTo: safeReturnTo(returnTo) },
        ...(forceLogin ? { prompt: 'login' } : {}),
        ...(signup ? { extraQueryParams: { screen: 'signup' } } : {}),
      })
      // Settles only if the redirect failed, or on a back/forward-cache return to this page.
      .finally(() => {
        redirecting = null;
      });
    return redirecting;
  }

  async function signOut({ localOnly = false, to = '/' }: SignOutOptions = {}) {
    if (signingOut) return;
    signingOut = true;
    const user = await userManager.getUser().catch(() => null);
    cached = null;
    resetFailures();
    // Stops the landing page's silent sign-in from quietly undoing the sign-out.
    storage.setItem(SIGNED_OUT_KEY, '1');
    deps.onSignedOut?.();
    const home = `${deps.origin}/`;
    try {
      await userManager.removeUser();
      if (localOnly) {
        (deps.navigate ?? ((url: string) => window.location.assign(url)))(`${deps.origin}${to.startsWith('/') && !to.startsWith('//') ? to : '/'}`);
        return;
      }
      // Federated: the issuer's session ends too, then it sends the browser back to our origin.
      await userManager.signoutRedirect({
        post_logout_redirect_uri: home,
        ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
      });
    } catch (error) {
      console.warn('[auth] sign-out redirect failed; leaving locally', error);
      signingOut = false;
      (deps.navigate ?? ((url: string) => window.location.assign(url)))(home);
    }
  }

  /** A new sign-in (callback or silent) starts a clean session. */
  function handleSignedIn(user: TokenUser) {
    cached = null;
    remember(user);
    resetFailures();
    refreshTokenExpired = false;
    signingOut = false;
    storage.removeItem(SIGNED_OUT_KEY);
  }

  return {
    getAccessToken,
    invalidate() {
      cached = null;
    },
    refresh,
    async trySilentSignIn() {
      if (storage.getItem(SIGNED_OUT_KEY)) return false;
      try {
        const user = await userManager.signinSilent();
        if (!user) return false;
        handleSignedIn(user);
        return true;
      } catch {
        return false; // No session at the issuer: the visitor simply stays on the landing page.
      }
    },
    signIn,
    signOut,
    handleSignedIn,
    startFocusRefresh(target) {
      const onFocus = () => {
        // Once the refresh token is dead, refreshing on focus would only fail again.
        if (refreshTokenExpired) return;
        void getAccessToken();
      };
      target.addEventListener('focus', onFocus);
      return () => target.removeEventListener('focus', onFocus);
    },
    isRefreshTokenExpired: () => refreshTokenExpired,
    failureCount,
  };
}
