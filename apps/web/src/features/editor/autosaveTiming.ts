/** performance.mark name at the start of one autosave's main-thread work (bench/editor.bench.ts). */
export const AUTOSAVE_MARK = 'bree:autosave:start';
/** performance.measure name: snapshot → IndexedDB write (offline) or → fetch handed the request (online). */
export const AUTOSAVE_MEASURE = 'bree:autosave';

let open = false;

/** Starts timing a save at its snapshot (getJSON). */
export function startAutosaveTiming(): void {
  performance.mark(AUTOSAVE_MARK);
  open = true;
}

/** Ends the open timing, if any; later calls until the next start are no-ops. */
export function endAutosaveTiming(): void {
  if (!open) return;
  open = false;
  performance.measure(AUTOSAVE_MEASURE, AUTOSAVE_MARK);
}

/**
 * Wraps fetch so the online measure ends exactly when the save request is built (headers,
 * JSON body) and handed to the network: that is the last main-thread work of a save.
 */
export function timedFetch(base: typeof fetch): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/files/content-only-update')) endAutosaveTiming();
    return base(input, init);
  };
}
