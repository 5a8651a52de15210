/** The rows-per-page choices of the list (docs/PRODUCT.md#documents). */
export const VISIBLE_ROW_OPTIONS = [5, 10, 15] as const;
export type VisibleRows = (typeof VISIBLE_ROW_OPTIONS)[number];

/** Height of one document row in pixels (docs/PRODUCT.md#documents). */
export const ROW_HEIGHT_PX = 60;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage key of the setting for one tenant. */
export function visibleRowsKey(tenantId: string): string {
  return `mainRepo.visibleRows.${tenantId}`;
}

/** True for 5, 10 or 15. */
export function isVisibleRows(value: unknown): value is VisibleRows {
  return typeof value === 'number' && (VISIBLE_ROW_OPTIONS as readonly number[]).includes(value);
}

/** The stored setting; nothing stored gives 10 on desktop and 5 on mobile, anything invalid gives 10 (docs/PRODUCT.md#documents). */
export function readVisibleRows(storage: KeyValueStore | null, tenantId: string, isMobile: boolean): VisibleRows {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(visibleRowsKey(tenantId)) ?? null;
  } catch {
    raw = null; // Blocked storage behaves like a first visit.
  }
  if (raw === null) return isMobile ? 5 : 10;
  const value = Number(raw.trim());
  return isVisibleRows(value) && raw.trim() !== '' ? value : 10;
}

/** Stores the setting for the tenant; a blocked storage only loses the preference. */
export function writeVisibleRows(storage: KeyValueStore | null, tenantId: string, rows: VisibleRows): void {
  try {
    storage?.setItem(visibleRowsKey(tenantId), String(rows));
  } catch (error) {
    console.warn('[documents] could not store the rows-per-page setting', error);
  }
}

/** How many rows the first page asks for: the visible rows plus two, so the list can scroll at once (docs/PRODUCT.md#documents). */
export function firstPageSize(rows: VisibleRows): number {
  return rows + 2;
}
