import { DEFAULT_TENANT_ID, TENANT_STORAGE_KEY } from '@bree/contracts';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be blocked (privacy settings); the default tenant still works.
  }
}

/** The tenant every API call is made for: localStorage currentTenant, else default-tenant. */
export function getCurrentTenant(storage: KeyValueStore | null = browserStorage()): string {
  try {
    return storage?.getItem(TENANT_STORAGE_KEY) || DEFAULT_TENANT_ID;
  } catch {
    return DEFAULT_TENANT_ID;
  }
}

/** Switches the current tenant (after sign-in: the user's subject identifier). */
export function setCurrentTenant(tenantId: string, storage: KeyValueStore | null = browserStorage()): void {
  try {
    storage?.setItem(TENANT_STORAGE_KEY, tenantId);
  } catch (error) {
    console.warn('[tenancy] could not store the current tenant', error);
  }
}

/** Back to the anonymous default, e.g. after sign-out. */
export function resetCurrentTenant(storage: KeyValueStore | null = browserStorage()): void {
  setCurrentTenant(DEFAULT_TENANT_ID, storage);
}
