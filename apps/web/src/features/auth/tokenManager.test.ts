import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILURES_KEY, REDIRECTING_MESSAGE, SESSION_ENDING_MESSAGE, SIGNED_OUT_KEY, createTokenManager } from './tokenManager';
import type { AuthSignal, TokenUserManager } from './tokenManager';
import type { TokenUser } from './tokenExpiry';

const MIN = 60_000;
const T0 = Date.parse('2025-06-01T12:00:00Z');

function oauthError(code: string) {
  return Object.assign(new Error(code), { error: code });
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function userExpiringIn(ms: number, token = 'token-A', extra: Partial<TokenUser> = {}): TokenUser {
  return { access_token: token, refresh_token: 'rt-1', id_token: 'idt', expires_at: (clock + ms) / 1000, ...extra };
}

let clock = T0;

function setup(initialUser: TokenUser | null) {
  let stored = initialUser;
  const userManager = {
    getUser: vi.fn(async () => stored),
    signinSilent: vi.fn(async (): Promise<TokenUser | null> => {
      stored = userExpiringIn(60 * MIN, 'token-B');
      return stored;
    }),
    signinRedirect: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    removeUser: vi.fn(async () => {
      stored = null;
    }),
  } satisfies TokenUserManager;
  const notify = { info: vi.fn(), error: vi.fn() };
  const signals: AuthSignal[] = [];
  const scheduled: Array<{ fn: () => void; ms: number }> = [];
  const storage = memoryStorage();
  const navigate = vi.fn();
  const onSignedOut = vi.fn();
  const tokens = createTokenManager({
    userManager,
    notify,
    origin: 'https://bree.test',
    currentPath: () => '/app/01HXYZ',
    storage,
    now: () => clock,
    schedule: (fn, ms) => scheduled.push({ fn, ms }),
    onSignal: (s) => signals.push(s),
    onSignedOut,
    navigate,
  });
  return { tokens, userManager, notify, signals, scheduled, storage, navigate, onSignedOut, setUser: (u: TokenUser | null) => (stored = u) };
}

beforeEach(() => {
  clock = T0;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('getAccessToken', () => {
  it('reuses the cached token while more than 2 minutes remain', async () => {
    const { tokens, userManager } = setup(userExpiringIn(10 * MIN));
    expect(await tokens.getAccessToken()).toBe('token-A');
    clock += 7 * MIN; // 3 minutes left
    expect(await tokens.getAccessToken()).toBe('token-A');
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    expect(userManager.getUser).toHaveBeenCalledTimes(1);
  });

  it('refreshes when the token expires within 2 minutes', async () => {
    const { tokens, userManager } = setup(userExpiringIn(2 * MIN - 1000));
    expect(await tokens.getAccessToken()).toBe('token-B');
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('refreshes a cached token once it crosses the 2 minute margin', async () => {
    const { tokens, userManager } = setup(userExpiringIn(10 * MIN));
    await tokens.getAccessToken();
    clock += 8 * MIN; // exactly 2 minutes left: no longer "more than 2 minutes"
    expect(await tokens.getAccessToken()).toBe('token-B');
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between 5 concurrent callers', async () => {
    const { tokens, userManager } = setup(userExpiringIn(30_000));
    const gate = deferred<TokenUser | null>();
    userManager.signinSilent.mockImplementation(() => gate.promise);
    const callers = Array.from({ length: 5 }, () => tokens.getAccessToken());
    const forced = tokens.getAccessToken({ forceRefresh: true });
    gate.resolve(userExpiringIn(60 * MIN, 'token-C'));
    expect(await Promise.all([...callers, forced])).toEqual(Array(6).fill('token-C'));
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('assumes a 1 hour lifetime when the expiry cannot be read', async () => {
    const { tokens, userManager } = setup({ access_token: 'opaque-token', refresh_token: 'rt' });
    expect(await tokens.getAccessToken()).toBe('opaque-token');
    clock += 58 * MIN - 1; // just over 2 minutes of the assumed hour left
    expect(await tokens.getAccessToken()).toBe('opaque-token');
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    clock += 1;
    expect(await tokens.getAccessToken()).toBe('token-B');
  });

  it('reads exp from a JWT when expires_at is missing', async () => {
    const payload = btoa(JSON.stringify({ exp: (clock + MIN) / 1000 })).replace(/=+$/, '');
    const { tokens, userManager } = setup({ access_token: `h.${payload}.s`, refresh_token: 'rt' });
    expect(await tokens.getAccessToken()).toBe('token-B');
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('returns null without any refresh attempt when nobody is signed in', async () => {
    const { tokens, userManager, notify } = setup(null);
    expect(await tokens.getAccessToken()).toBeNull();
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('forceRefresh ignores a fresh cached token (the server rejected it)', async () => {
    const { tokens, userManager } = setup(userExpiringIn(30 * MIN));
    await tokens.getAccessToken();
    expect(await tokens.getAccessToken({ forceRefresh: true })).toBe('token-B');
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
  });
});

describe('refresh failures', () => {
  it('first login-required failure: toast, signal and a forced login back to the current path', async () => {
    const { tokens, notify, signals, userManager, storage } = setup(userExpiringIn(MIN, 'old', { refresh_token: undefined }));
    expect(await tokens.getAccessToken()).toBe('old'); // still valid for a minute, so still usable
    expect(notify.info).toHaveBeenCalledWith(REDIRECTING_MESSAGE);
    expect(signals).toEqual(['LOGIN_REQUIRED_REDIRECT']);
    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/app/01HXYZ' }, prompt: 'login' });
    expect(storage.getItem(FAILURES_KEY)).toBe('1');
  });

  it('second failure recovers quietly; third shows the expiry toast and logs out after 1 s', async () => {
    const { tokens, notify, userManager, scheduled } = setup(userExpiringIn(-MIN));
    userManager.signinSilent.mockRejectedValue(oauthError('consent_required'));
    await tokens.refresh();
    await tokens.refresh();
    expect(notify.info).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
    expect(scheduled).toHaveLength(0);

    await tokens.refresh();
    expect(notify.error).toHaveBeenCalledWith(SESSION_ENDING_MESSAGE);
    expect(scheduled.map((s) => s.ms)).toEqual([1000]);
    expect(userManager.signoutRedirect).not.toHaveBeenCalled();
    scheduled[0]?.fn();
    await vi.waitFor(() => expect(userManager.signoutRedirect).toHaveBeenCalledWith({ post_logout_redirect_uri: 'https://bree.test/', id_token_hint: 'idt' }));
    expect(userManager.removeUser).toHaveBeenCalled();
  });

  it('counts failures across the sign-in redirect (session storage)', async () => {
    const first = setup(userExpiringIn(-MIN));
    first.userManager.signinSilent.mockRejectedValue(oauthError('login_required'));
    first.storage.setItem(FAILURES_KEY, '2');
    await first.tokens.refresh();
    expect(first.notify.error).toHaveBeenCalledWith(SESSION_ENDING_MESSAGE);
  });

  it('network-type failures are quiet and not counted', async () => {
    const { tokens, notify, userManager, signals } = setup(userExpiringIn(-MIN));
    userManager.signinSilent.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await tokens.refresh()).toBeNull();
    expect(await tokens.refresh()).toBeNull();
    expect(await tokens.refresh()).toBeNull();
    expect(tokens.failureCount()).toBe(0);
    expect(notify.info).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    expect(signals).toEqual([]);
  });

  it('a successful refresh resets the failure count', async () => {
    const { tokens, userManager } = setup(userExpiringIn(-MIN));
    userManager.signinSilent.mockRejectedValueOnce(oauthError('login_required'));
    await tokens.refresh();
    expect(tokens.failureCount()).toBe(1);
    expect(await tokens.refresh()).toBe('token-B');
    expect(tokens.failureCount()).toBe(0);
    expect(tokens.isRefreshTokenExpired()).toBe(false);
  });
});

describe('focus refresh', () => {
  it('refreshes an expiring token when the window gains focus', async () => {
    const { tokens, userManager, setUser } = setup(userExpiringIn(30 * MIN));
    const target = new EventTarget();
    tokens.startFocusRefresh(target as unknown as Window);
    await tokens.getAccessToken();
    clock += 29 * MIN;
    setUser(userExpiringIn(MIN));
    target.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(userManager.signinSilent).toHaveBeenCalledTimes(1));
  });

  it('stops once the refresh token has expired (invalid_grant) and signals it', async () => {
    const { tokens, userManager, signals } = setup(userExpiringIn(MIN));
    userManager.signinSilent.mockRejectedValue(oauthError('invalid_grant'));
    const target = new EventTarget();
    const stop = tokens.startFocusRefresh(target as unknown as Window);
    target.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(tokens.isRefreshTokenExpired()).toBe(true));
    expect(signals).toContain('REFRESH_TOKEN_EXPIRED');
    const calls = userManager.getUser.mock.calls.length;
    target.dispatchEvent(new Event('focus'));
    target.dispatchEvent(new Event('focus'));
    await Promise.resolve();
    expect(userManager.getUser.mock.calls.length).toBe(calls);
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('sign-in and sign-out', () => {
  it('asks the issuer for its sign-up screen on "Get started"', async () => {
    const { tokens, userManager } = setup(null);
    await tokens.signIn({ signup: true });
    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/app' }, extraQueryParams: { screen: 'signup' } });
  });

  it('keeps the first redirect when another sign-in is requested meanwhile', async () => {
    const { tokens, userManager } = setup(null);
    userManager.signinRedirect.mockImplementation(() => new Promise(() => undefined)); // the page is leaving
    void tokens.signIn({ returnTo: '/app/1', forceLogin: true });
    void tokens.signIn({ returnTo: '/app/1' });
    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/app/1' }, prompt: 'login' });
  });

  it('allows a new redirect once the previous one settled (failed, or back via the bfcache)', async () => {
    const { tokens, userManager } = setup(null);
    await tokens.signIn(); // oidc-client-ts resolves on pageshow after a back/forward-cache return
    userManager.signinRedirect.mockRejectedValueOnce(new Error('metadata unavailable'));
    await expect(tokens.signIn()).rejects.toThrow('metadata unavailable');
    await tokens.signIn();
    expect(userManager.signinRedirect).toHaveBeenCalledTimes(3);
  });

  it('never returns to a foreign site after sign-in', async () => {
    const { tokens, userManager } = setup(null);
    await tokens.signIn({ returnTo: '//evil.example/x' });
    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/app' } });
  });

  it('signs out federated, back to the origin, clearing the local user and blocking silent sign-in', async () => {
    const { tokens, userManager, storage, onSignedOut } = setup(userExpiringIn(30 * MIN));
    await tokens.signOut();
    expect(userManager.removeUser).toHaveBeenCalledTimes(1);
    expect(userManager.signoutRedirect).toHaveBeenCalledWith({ post_logout_redirect_uri: 'https://bree.test/', id_token_hint: 'idt' });
    expect(onSignedOut).toHaveBeenCalled();
    expect(storage.getItem(SIGNED_OUT_KEY)).toBe('1');
    expect(await tokens.trySilentSignIn()).toBe(false);
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    expect(await tokens.getAccessToken()).toBeNull();
  });

  it('ignores sign-in requests while signing out (route guards see the user vanish)', async () => {
    const { tokens, userManager } = setup(userExpiringIn(30 * MIN));
    userManager.signoutRedirect.mockImplementation(() => new Promise(() => undefined));
    void tokens.signOut();
    await vi.waitFor(() => expect(userManager.removeUser).toHaveBeenCalled());
    await tokens.signIn({ returnTo: '/app' });
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });

  it('signs out in this browser only, to the page asked for, once the account is gone (deleted)', async () => {
    const { tokens, userManager, storage, navigate, onSignedOut } = setup(userExpiringIn(30 * MIN));
    await tokens.signOut({ localOnly: true, to: '/?account=deleted' });
    expect(userManager.removeUser).toHaveBeenCalledTimes(1);
    expect(userManager.signoutRedirect).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('https://bree.test/?account=deleted');
    expect(onSignedOut).toHaveBeenCalled();
    expect(storage.getItem(SIGNED_OUT_KEY)).toBe('1');
    expect(await tokens.getAccessToken()).toBeNull();
  });

  it('falls back to a plain navigation home when the issuer redirect fails', async () => {
    const { tokens, userManager, navigate } = setup(userExpiringIn(30 * MIN));
    userManager.signoutRedirect.mockRejectedValue(new Error('no end_session_endpoint'));
    await tokens.signOut();
    expect(navigate).toHaveBeenCalledWith('https://bree.test/');
  });

  it('a silent sign-in that succeeds starts a clean session', async () => {
    const { tokens, storage } = setup(null);
    storage.setItem(FAILURES_KEY, '2');
    expect(await tokens.trySilentSignIn()).toBe(true);
    expect(tokens.failureCount()).toBe(0);
    expect(await tokens.getAccessToken()).toBe('token-B');
  });

  it('a silent sign-in that fails stays quiet', async () => {
    const { tokens, userManager, notify } = setup(null);
    userManager.signinSilent.mockRejectedValue(oauthError('login_required'));
    expect(await tokens.trySilentSignIn()).toBe(false);
    expect(notify.info).not.toHaveBeenCalled();
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });
});
