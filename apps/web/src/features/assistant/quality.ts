import type { AiTier } from '@bree/contracts';

/** localStorage key of the Default Bree Quality preference. */
export const QUALITY_KEY = 'breeDefaultQuality';

/** docs/PRODUCT.md#assistant: the default is premium unless the stored preference is fast. */
export function readQuality(storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): AiTier {
  try {
    return storage?.getItem(QUALITY_KEY) === 'fast' ? 'fast' : 'premium';
  } catch {
    return 'premium';
  }
}

/** Stores the preference; a blocked storage only loses persistence. */
export function writeQuality(tier: AiTier, storage: Pick<Storage, 'setItem'> | null = typeof localStorage === 'undefined' ? null : localStorage): void {
  try {
    storage?.setItem(QUALITY_KEY, tier);
  } catch {
    /* private mode: the server default still changes */
  }
}
