import { describe, expect, it, vi } from 'vitest';
import { createLazyUserManager } from './lazyUserManager';
import type { AppUserManager } from './lazyUserManager';
import { storedUserKey } from './storedUser';
import { createTokenManager } from './tokenManager';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const OIDC = { mode: 'embedded', authority: 'https://bree.test/oidc', clientId: 'bree-web', scope: 'openid' } as never;
const KEY = storedUserKey({ authority: 'https://bree.test/oidc', clientId: 'bree-web' });

function userExpiringIn(ms: number, token: string) {
  return { access_token: token, refresh_token: 'rt', id_token: 'idt', expires_at: (NOW + ms) / 1000, profile: { sub: 'u1' } };
}

type Real = Awaited<ReturnType<AppUserManager['load']>>;

/** A stand-in for oidc-client-ts's UserManager over the same storage, with its two user events. */
function fakeRealManager(storage: Map<string, string>) {
  const loaded: Array<(user: unknown) => void> = [];
  const unloaded: Array<() => void> = [];
  const manager = {
    getUser: vi.fn(async () => JSON.parse(storage.get(KEY) ?? 'null') as unknown),
    signinSilent: vi.fn(async () => {
      const fresh = userExpiringIn(60 * 60_000, 'renewed');
      storage.set(KEY, JSON.stringify(fresh));
      loaded.forEach((listener) => listener(fresh));
      return fresh;
    }),
    signinRedirect: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => {
      storage.delete(KEY);
      unloaded.forEach((listener) => listener());
    }),
    signinCallback: vi.fn(async () => undefined),
    signinSilentCallback: vi.fn(async () => undefined),
    events: { addUserLoaded: (l: (user: unknown) => void) => void loaded.push(l), addUserUnloaded: (l: () => void) => void unloaded.push(l) },
  };
  return manager as typeof manager & Real;
}

function setup(initial: object | null) {
  const storage = new Map<string, string>();
  if (initial) storage.set(KEY, JSON.stringify(initial));
  const real = fakeRealManager(storage);
  const create = vi.fn(async () => real);
  const userManager = createLazyUserManager({
    oidc: OIDC,
    origin: 'https://bree.test',
    storage: { getItem: (k) => storage.get(k) ?? null },
    now: () => NOW,
    create,
  });
  const session = new Map<string, string>();
  const tokens = createTokenManager({
    userManager,
    notify: { info: vi.fn(), error: vi.fn() },
    origin: 'https://bree.test',
    currentPath: () => '/app/01HXYZ',
    storage: { getItem: (k) => session.get(k) ?? null, setItem: (k, v) => void session.set(k, v), removeItem: (k) => void session.delete(k) },
    now: () => NOW,
    navigate: vi.fn(),
  });
  return { storage, real, create, userManager, tokens };
}

describe('the lazily loaded UserManager', () => {
  it('hands out a valid stored token without loading oidc-client-ts', async () => {
    const { create, tokens, userManager } = setup(userExpiringIn(30 * 60_000, 'stored'));
    expect(await tokens.getAccessToken()).toBe('stored');
    expect((await userManager.getUser())?.profile.sub).toBe('u1');
    expect(create).not.toHaveBeenCalled();
    expect(userManager.isLoaded()).toBe(false);
  });

  it('loads it to refresh a token near its expiry, and uses the renewed one', async () => {
    const { create, real, tokens } = setup(userExpiringIn(60_000, 'stored'));
    expect(await tokens.getAccessToken()).toBe('renewed');
    expect(create).toHaveBeenCalledTimes(1);
    expect(real.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('loads it for a refresh forced by a refused request (401)', async () => {
    const { create, real, tokens } = setup(userExpiringIn(30 * 60_000, 'stored'));
    expect(await tokens.getAccessToken({ forceRefresh: true })).toBe('renewed');
    expect(create).toHaveBeenCalledTimes(1);
    expect(real.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('loads it to sign in, and once only for several needs', async () => {
    const { create, real, tokens, userManager } = setup(null);
    await Promise.all([tokens.signIn({ returnTo: '/app/01HXYZ' }), userManager.load()]);
    expect(create).toHaveBeenCalledTimes(1);
    expect(real.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/app/01HXYZ' } });
  });

  it('loads it to sign out, and tells the app the user is gone', async () => {
    const { create, real, tokens, userManager } = setup(userExpiringIn(30 * 60_000, 'stored'));
    const unloaded = vi.fn();
    userManager.events.addUserUnloaded(unloaded);
    await tokens.signOut();
    expect(create).toHaveBeenCalledTimes(1);
    expect(real.signoutRedirect).toHaveBeenCalledWith({ post_logout_redirect_uri: 'https://bree.test/', id_token_hint: 'idt' });
    expect(unloaded).toHaveBeenCalledTimes(1);
    expect(await userManager.getUser()).toBeNull();
  });

  it("passes the library's new users to the app's listeners", async () => {
    const { userManager } = setup(userExpiringIn(30 * 60_000, 'stored'));
    const loaded = vi.fn();
    userManager.events.addUserLoaded(loaded);
    await userManager.signinSilent();
    expect(loaded).toHaveBeenCalledWith(expect.objectContaining({ access_token: 'renewed' }));
    userManager.events.removeUserLoaded(loaded);
    userManager.events.load(userExpiringIn(30 * 60_000, 'from-another-tab') as never);
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('reads the user through the library once it is loaded', async () => {
    const { real, userManager } = setup(userExpiringIn(30 * 60_000, 'stored'));
    await userManager.load();
    expect((await userManager.getUser())?.access_token).toBe('stored');
    expect(real.getUser).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed', async () => {
    const { real } = setup(null);
    const create = vi.fn<() => Promise<Real>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(real);
    const lazy = createLazyUserManager({ oidc: OIDC, origin: 'https://bree.test', storage: { getItem: () => null }, create });
    await expect(lazy.signinRedirect({ state: { returnTo: '/app' } })).rejects.toThrow('chunk failed');
    expect(lazy.isLoaded()).toBe(false);
    await lazy.signinRedirect({ state: { returnTo: '/app' } });
    expect(create).toHaveBeenCalledTimes(2);
    expect(real.signinRedirect).toHaveBeenCalledTimes(1);
    expect(lazy.isLoaded()).toBe(true);
  });
});
