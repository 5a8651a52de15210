import { ACCOUNT_PATHS, type PublicConfig } from '@bree/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api';
import { addressOf, isStoredUserKey, isUnconfirmed } from './addressClaims';
import type { AppUserManager } from './lazyUserManager';

export interface AddressFollowDeps {
  userManager: Pick<AppUserManager, 'getUser' | 'events'>;
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  api: Pick<ApiClient, 'get'>;
  config: Pick<PublicConfig, 'oidc'>;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * A confirmed or changed address counts at once, without signing in again (docs/ACCOUNT.md). The
 * server refuses access tokens that describe the address wrongly, so the next request refreshes;
 * this follows it in every tab, and returns what stops following:
 * - a new token naming another address or confirmation: every query is read again (/admin, the profile);
 * - another tab stored newer tokens: this tab takes them (oidc-client-ts keeps users in localStorage);
 * - while the address is unconfirmed, coming back to the tab asks the server, whose refusal refreshes.
 */
export function followAddress({ userManager, queryClient, api, config, target = window, doc = document }: AddressFollowDeps): () => void {
  let current: string | undefined;
  let address: string | null = null;
  void userManager.getUser().then((user) => {
    current ??= user?.access_token;
    address ??= addressOf(current);
  });

  const onUserLoaded = (user: { access_token: string }) => {
    current = user.access_token;
    const next = addressOf(current);
    if (address !== null && next !== null && next !== address) void queryClient.invalidateQueries();
    address = next ?? address;
  };
  const onStorage = (event: StorageEvent) => {
    if (!isStoredUserKey(event.key) || !event.newValue) return;
    void userManager.getUser().then((user) => {
      if (user && !user.expired && user.access_token !== current) return userManager.events.load(user);
    });
  };
  const onReturn = () => {
    if (doc.visibilityState !== 'visible' || config.oidc.mode !== 'embedded' || !isUnconfirmed(current)) return;
    void api.get(ACCOUNT_PATHS.summary).catch(() => undefined);
  };

  userManager.events.addUserLoaded(onUserLoaded);
  target.addEventListener('storage', onStorage as EventListener);
  target.addEventListener('focus', onReturn);
  doc.addEventListener('visibilitychange', onReturn);
  return () => {
    userManager.events.removeUserLoaded(onUserLoaded);
    target.removeEventListener('storage', onStorage as EventListener);
    target.removeEventListener('focus', onReturn);
    doc.removeEventListener('visibilitychange', onReturn);
  };
}
