import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';

/** The access token the service worker may use for Background Sync, while unexpired. */
export interface WorkerToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
  tenantId: string;
}

interface AuthDb extends DBSchema {
  token: { key: 'current'; value: WorkerToken };
}

let dbPromise: Promise<IDBPDatabase<AuthDb>> | null = null;

// A database of its own: the offline-save database's version and upgrades stay untouched.
function db(): Promise<IDBPDatabase<AuthDb>> {
  dbPromise ??= openDB<AuthDb>('bree-sw-auth', 1, {
    upgrade(database) {
      database.createObjectStore('token');
    },
  });
  return dbPromise;
}

/** Stores the token the token manager just handed out (replacing the previous one). */
export async function storeWorkerToken(value: WorkerToken): Promise<void> {
  await (await db()).put('token', value, 'current');
}

/** Forgets the token (sign-out). */
export async function clearWorkerToken(): Promise<void> {
  await (await db()).delete('token', 'current');
}

/** The stored token if it is still valid for at least `marginMs`. */
export async function readWorkerToken(now: number, marginMs = 30_000): Promise<WorkerToken | null> {
  const value = await (await db()).get('token', 'current');
  return value && value.expiresAt - marginMs > now ? value : null;
}
