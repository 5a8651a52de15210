import { useCallback, useEffect, useState } from 'react';
import { readVisibleRows, writeVisibleRows } from './visibleRows';
import type { VisibleRows } from './visibleRows';

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The current time, refreshed every `everyMs`, so 'Edited today' turns into 'yesterday' after midnight. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The tenant's rows-per-page setting, read once and written on change. */
export function useVisibleRows(tenantId: string, isMobile: boolean): [VisibleRows, (rows: VisibleRows) => void] {
  const [rows, setRows] = useState<VisibleRows>(() => readVisibleRows(storage(), tenantId, isMobile));
  const update = useCallback(
    (next: VisibleRows) => {
      writeVisibleRows(storage(), tenantId, next);
      setRows(next);
    },
    [tenantId],
  );
  return [rows, update];
}
