import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { PublicConfig } from '@bree/contracts';

/** Configures oidc-client-ts from GET /api/config: code + PKCE, users kept in localStorage. */
export function createUserManager(oidc: PublicConfig['oidc'], origin: string): UserManager {
  return new UserManager({
    authority: oidc.authority,
    client_id: oidc.clientId,
    scope: oidc.scope,
    response_type: 'code',
    redirect_uri: `${origin}/callback`,
    silent_redirect_uri: `${origin}/silent-callback`,
    post_logout_redirect_uri: `${origin}/`,
    // localStorage: a reload or a new tab stays signed in.
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // The token manager refreshes by the rules of docs/PRODUCT.md#startup (2 min margin, focus, failure counting).
    automaticSilentRenew: false,
    // The check-session iframe is not needed and would fight the CSP; the issuer's refresh answers tell us enough.
    monitorSession: false,
    // Claims come from the ID token; the userinfo endpoint doesn't accept API-audience tokens.
    loadUserInfo: false,
  });
}
