import { describe, expect, it, vi } from 'vitest';
import { followAddress } from './addressFollow';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;
const UNCONFIRMED = token({ email: 'a@example.com', email_verified: false });
const CONFIRMED = token({ email: 'a@example.com', email_verified: true });

/** A UserManager, window and document of this test's own, with the listeners they were given. */
function setup(stored: string) {
  let onLoaded: ((user: { access_token: string }) => void) | undefined;
  const listeners = new Map<string, (event: unknown) => void>();
  const user = { access_token: stored, expired: false };
  const userManager = {
    getUser: vi.fn(async () => user),
    events: {
      addUserLoaded: (cb: (user: { access_token: string }) => void) => (onLoaded = cb),
      removeUserLoaded: vi.fn(),
      load: vi.fn(async (next: { access_token: string }) => onLoaded?.(next)),
    },
  };
  const on = { addEventListener: (type: string, cb: (event: unknown) => void) => listeners.set(type, cb), removeEventListener: vi.fn() };
  const deps = {
    userManager,
    queryClient: { invalidateQueries: vi.fn(async () => undefined) },
    api: { get: vi.fn(async () => undefined as never) },
    config: { oidc: { mode: 'embedded' } } as never,
    target: on as never,
    doc: { ...on, visibilityState: 'visible' } as never,
  };
  const stop = followAddress({ ...deps, userManager: userManager as never });
  return { deps, user, userManager, listeners, stop, loaded: (t: string) => onLoaded?.({ access_token: t }) };
}

describe('following the address across tokens and tabs', () => {
  it('reads every query again once a new token names the address confirmed', async () => {
    const { deps, loaded } = setup(UNCONFIRMED);
    await vi.waitFor(() => expect(deps.userManager.getUser).toHaveBeenCalled());
    loaded(UNCONFIRMED);
    expect(deps.queryClient.invalidateQueries).not.toHaveBeenCalled();
    loaded(CONFIRMED);
    expect(deps.queryClient.invalidateQueries).toHaveBeenCalledTimes(1);
  });

  it('takes the newer tokens another tab stored', async () => {
    const { user, userManager, listeners } = setup(UNCONFIRMED);
    await vi.waitFor(() => expect(userManager.getUser).toHaveBeenCalled());
    user.access_token = CONFIRMED;
    listeners.get('storage')!({ key: 'oidc.user:x:bree-web', newValue: '{}' });
    await vi.waitFor(() => expect(userManager.events.load).toHaveBeenCalledWith(user));
    listeners.get('storage')!({ key: 'currentTenant', newValue: 'x' });
    expect(userManager.events.load).toHaveBeenCalledTimes(1);
  });

  it('asks the server when the tab comes back while the address is unconfirmed, and not once it is confirmed', async () => {
    const { deps, listeners, loaded } = setup(UNCONFIRMED);
    await vi.waitFor(() => expect(deps.userManager.getUser).toHaveBeenCalled());
    listeners.get('focus')!({});
    expect(deps.api.get).toHaveBeenCalledWith('/account');
    loaded(CONFIRMED);
    listeners.get('visibilitychange')!({});
    expect(deps.api.get).toHaveBeenCalledTimes(1);
  });
});
