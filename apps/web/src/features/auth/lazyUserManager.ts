import type { PublicConfig } from '@bree/contracts';
import type { User, UserManager } from 'oidc-client-ts';
import { readStoredUser, storedUserKey } from './storedUser';
import type { SessionUser } from './storedUser';
import type { TokenUserManager } from './tokenManager';

type UserListener = (user: SessionUser) => void;
type UnloadListener = () => void;

/** The user events the app listens to, raised whether or not oidc-client-ts has loaded yet. */
export interface SessionEvents {
  addUserLoaded(listener: UserListener): void;
  removeUserLoaded(listener: UserListener): void;
  addUserUnloaded(listener: UnloadListener): void;
  removeUserUnloaded(listener: UnloadListener): void;
  /** Tells every listener of a user (another tab stored newer tokens, addressFollow.ts). */
  load(user: SessionUser): void;
}

/**
 * The UserManager the app uses. oidc-client-ts (about 20 KB) is not part of the first load: the
 * stored user is read straight from localStorage, and the library is imported only for what needs
 * the protocol — a refresh, a sign-in, a sign-out, the callback pages — or when boot finds no usable
 * token (docs/PAGE-WEIGHT.md).
 */
export interface AppUserManager extends TokenUserManager {
  getUser(): Promise<SessionUser | null>;
  /** The stored user now, synchronously (the first render of the session). */
  peekUser(): SessionUser | null;
  signinSilent(): Promise<User | null>;
  signinCallback(url?: string): Promise<User | undefined>;
  signinSilentCallback(url?: string): Promise<void>;
  events: SessionEvents;
  /** Imports and configures oidc-client-ts once; later calls share it. */
  load(): Promise<
    Pick<UserManager, 'getUser' | 'signinSilent' | 'signinRedirect' | 'signoutRedirect' | 'removeUser' | 'signinCallback' | 'signinSilentCallback' | 'events'>
  >;
  isLoaded(): boolean;
}

type RealUserManager = Awaited<ReturnType<AppUserManager['load']>>;

export interface LazyUserManagerDeps {
  oidc: PublicConfig['oidc'];
  origin: string;
  storage?: Pick<Storage, 'getItem'>;
  now?: () => number;
  /** Creates the real UserManager; the default imports userManager.ts (and so oidc-client-ts) on first call. */
  create?: () => Promise<RealUserManager>;
}

export function createLazyUserManager(deps: LazyUserManagerDeps): AppUserManager {
  const storage = deps.storage ?? window.localStorage;
  const now = deps.now ?? (() => Date.now());
  const key = storedUserKey(deps.oidc);
  const create = deps.create ?? (() => import('./userManager').then(({ createUserManager }) => createUserManager(deps.oidc, deps.origin)));
  const loadedListeners = new Set<UserListener>();
  const unloadedListeners = new Set<UnloadListener>();
  const events: SessionEvents = {
    addUserLoaded: (listener) => void loadedListeners.add(listener),
    removeUserLoaded: (listener) => void loadedListeners.delete(listener),
    addUserUnloaded: (listener) => void unloadedListeners.add(listener),
    removeUserUnloaded: (listener) => void unloadedListeners.delete(listener),
    load: (user) => loadedListeners.forEach((listener) => listener(user)),
  };

  let real: RealUserManager | null = null;
  let loading: Promise<RealUserManager> | null = null;
  function load(): Promise<RealUserManager> {
    loading ??= create().then(
      (manager) => {
        // What the library does from now on (a refresh, a callback, a removal) reaches the app's listeners.
        manager.events.addUserLoaded((user) => events.load(user));
        manager.events.addUserUnloaded(() => unloadedListeners.forEach((listener) => listener()));
        real = manager;
        return manager;
      },
      (error: unknown) => {
        // A failed chunk download (a deploy, a network blip) is tried again on the next need.
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  const peekUser = () => readStoredUser(storage, key, now());
  return {
    // Once loaded, the library reads the same entry itself, exactly as before this lazy loading.
    getUser: () => (real ? real.getUser() : Promise.resolve(peekUser())),
    peekUser,
    signinSilent: () => load().then((manager) => manager.signinSilent()),
    signinRedirect: (args) => load().then((manager) => manager.signinRedirect(args)),
    signoutRedirect: (args) => load().then((manager) => manager.signoutRedirect(args)),
    removeUser: () => load().then((manager) => manager.removeUser()),
    signinCallback: (url) => load().then((manager) => manager.signinCallback(url)),
    signinSilentCallback: (url) => load().then((manager) => manager.signinSilentCallback(url)),
    events,
    load,
    isLoaded: () => real !== null,
  };
}
