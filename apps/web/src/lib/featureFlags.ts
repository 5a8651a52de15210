/** Local feature flags (docs/PRODUCT.md#startup), toggled on the /api-test page. */
export interface FeatureFlags {
  newFileApi: boolean;
  newSearchApi: boolean;
  /** Turns every new-API flag off at once, whatever their own setting. */
  emergencyRollback: boolean;
}

export const FEATURE_FLAGS_KEY = 'featureFlags';

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = { newFileApi: true, newSearchApi: false, emergencyRollback: false };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored flags merged over the defaults; unreadable storage gives the defaults. */
export function readFeatureFlags(storage: KeyValueStore = localStorage): FeatureFlags {
  try {
    const raw: unknown = JSON.parse(storage.getItem(FEATURE_FLAGS_KEY) ?? '{}');
    const stored = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const pick = (key: keyof FeatureFlags) => (typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_FEATURE_FLAGS[key]);
    return { newFileApi: pick('newFileApi'), newSearchApi: pick('newSearchApi'), emergencyRollback: pick('emergencyRollback') };
  } catch {
    return { ...DEFAULT_FEATURE_FLAGS };
  }
}

/** Stores one flag and returns the new set. */
export function writeFeatureFlag(key: keyof FeatureFlags, value: boolean, storage: KeyValueStore = localStorage): FeatureFlags {
  const next = { ...readFeatureFlags(storage), [key]: value };
  storage.setItem(FEATURE_FLAGS_KEY, JSON.stringify(next));
  return next;
}

/** Whether a new-API path is in use: its flag is on and no emergency rollback is active. */
export function isFeatureEnabled(flags: FeatureFlags, key: 'newFileApi' | 'newSearchApi'): boolean {
  return flags[key] && !flags.emergencyRollback;
}
