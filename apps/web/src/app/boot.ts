import { publicConfigSchema } from '@bree/contracts';
import { createApiClient, SESSION_EXPIRED_MESSAGE } from '../lib/api';
import { createQueryClient } from '../lib/queryClient';
import { notify } from '../lib/toast';
import { createLazyUserManager, createTokenManager, hasUsableToken } from '../features/auth';
import type { AuthSignal } from '../features/auth';
import { getCurrentTenant, resetCurrentTenant, setCurrentTenant } from '../features/tenancy';
import { timedFetch } from '../features/editor/autosaveTiming';
import { clearWorkerToken, storeWorkerToken } from '../features/offline/swAuth';
import type { Services } from './services';

/** Name of the window event that carries auth signals (LOGIN_REQUIRED_REDIRECT, REFRESH_TOKEN_EXPIRED). */
export const AUTH_SIGNAL_EVENT = 'bree:auth-signal';

/**
 * Loads /api/config and wires identity, tokens, tenancy and the API client together.
 * Rejects when the configuration can't be read (the caller shows a retry screen).
 */
export async function boot(): Promise<Services> {
  const origin = window.location.origin;

  // /api/config is public; this client never sends a token.
  const publicApi = createApiClient({
    getAccessToken: async () => null,
    invalidateToken: () => undefined,
    getTenantId: () => getCurrentTenant(),
    onSessionExpired: () => undefined,
  });
  const config = await publicApi.get('/config', { auth: false, schema: publicConfigSchema });

  const userManager = createLazyUserManager({ oidc: config.oidc, origin });
  const tokens = createTokenManager({
    userManager,
    notify,
    origin,
    currentPath: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
    storage: window.sessionStorage,
    onSignal: (signal: AuthSignal) => {
      console.info(`[auth] ${signal}`);
      window.dispatchEvent(new CustomEvent(AUTH_SIGNAL_EVENT, { detail: signal }));
    },
    onSignedOut: () => {
      resetCurrentTenant();
      void clearWorkerToken().catch(() => undefined);
    },
    // The service worker sends offline saves by Background Sync with this copy, only while unexpired.
    onAccessToken: (token, expiresAt) => void storeWorkerToken({ token, expiresAt, tenantId: getCurrentTenant() }).catch(() => undefined),
  });

  // The tenant is the token's subject; keep storage in step with whoever is signed in.
  userManager.events.addUserLoaded((user) => {
    setCurrentTenant(user.profile.sub);
    tokens.invalidate();
  });
  userManager.events.addUserUnloaded(() => {
    tokens.invalidate();
    void clearWorkerToken().catch(() => undefined);
  });
  const existing = await userManager.getUser().catch(() => null);
  if (existing) setCurrentTenant(existing.profile.sub);
  // No token to type with (signed out, or it lapsed): a sign-in or a refresh comes next, so
  // oidc-client-ts starts loading now rather than when that starts.
  if (!hasUsableToken(existing)) void userManager.load().catch(() => undefined);

  const api = createApiClient({
    getAccessToken: (options) => tokens.getAccessToken(options),
    invalidateToken: () => tokens.invalidate(),
    getTenantId: () => getCurrentTenant(),
    onSessionExpired: () => notify.error(SESSION_EXPIRED_MESSAGE),
    fetch: timedFetch((input, init) => fetch(input, init)),
  });

  // Inside the silent sign-in iframe there is no user focus to react to.
  if (window.top === window.self) tokens.startFocusRefresh(window);

  return { config, userManager, tokens, api, queryClient: createQueryClient() };
}
