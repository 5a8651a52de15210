/**
 * The autosave state machine of the editor (docs/PRODUCT.md#saving): pure logic, no DOM and no
 * React, so every timing rule is unit-tested with a fake clock. The caller supplies how to read
 * the document (only when a save starts — never per keystroke) and how to send it.
 */

/** The four states the save indicator shows. */
export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'error';

/** What asked for a save; the server records it. */
export type SaveSource = 'autosave' | 'navigation' | 'manual' | 'offline-sync' | 'conflict-keep-mine';

/** Timing constants of docs/PRODUCT.md#saving. */
export const SAVE_TIMING = {
  debounceMs: 2500,
  cooldownMs: 2000,
  minRequestGapMs: 100,
  throttleMs: 3000,
  navigationThrottleMs: 2000,
  /** Continuous typing never waits for a pause longer than this: a crash costs seconds, not a chapter. */
  maxWaitMs: 10_000,
  /** A failed save retries by itself after 2 s, doubling up to 30 s, while its edits are unsaved. */
  retryBaseMs: 2000,
  retryMaxMs: 30_000,
} as const;

/** How a send ended, as the caller's `send` reports it. */
export type SendOutcome =
  /** The server committed the content. */
  | 'committed'
  /** Stored locally to sync later (network failure): still unsaved on the server. */
  | 'offline'
  /** The server has a newer revision; the caller resolves it (autosave pauses meanwhile). */
  | 'conflict';

/** The result of asking for a save. */
export type SaveResult = SendOutcome | 'skipped-blank' | 'ignored' | 'deferred' | 'aborted' | 'failed' | 'clean' | 'paused';

export interface SaveSnapshot<C> {
  content: C;
  /** Plain text of the content, to spot blank documents. */
  text: string;
}

export interface SaveMachineDeps<C> {
  /** Reads the document; called only when a save actually starts. */
  snapshot(): SaveSnapshot<C>;
  /** Sends one save; rejects on failure (an AbortError when cancelled). */
  send(args: { content: C; source: SaveSource; saveKey: string; signal: AbortSignal }): Promise<SendOutcome>;
  /** A fresh save key per save (ulid in the app): the save's idempotency key, `operationId` on the wire. */
  newSaveKey(): string;
  onChange?(state: SaveState): void;
  now?(): number;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

export interface SaveState {
  status: SaveStatus;
  /** When the server last committed (ms), for 'Saved {relative time}'. */
  savedAt: number | null;
  /** Edits the server has not committed yet (drives the beforeunload prompt). */
  dirty: boolean;
}

export interface SaveMachine {
  /** The document changed (call from the editor's update event). */
  markEdited(): void;
  /** Asks for a save now; forced saves bypass throttle, cooldown and the 100 ms gap. */
  requestSave(opts?: { source?: SaveSource; force?: boolean }): Promise<SaveResult>;
  /** Undo/redo started: autosave suppressed, pending saves cancelled. */
  beginHistoryChange(): void;
  /** Undo/redo finished: edits made by it are saved after the usual debounce. */
  endHistoryChange(): void;
  /** The server committed content from outside the machine (restore, conflict resolution, load). */
  markCommitted(at?: number): void;
  /** Stops autosave (e.g. while a conflict dialog is open) or starts it again. */
  setPaused(paused: boolean): void;
  /** Cancels the timer and any save in flight (its answer is ignored). */
  abort(): void;
  getState(): SaveState;
  dispose(): void;
}

const isAbort = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/** Creates a save machine; see SaveMachine for the calls. */
export function createSaveMachine<C>(deps: SaveMachineDeps<C>): SaveMachine {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));

  let status: SaveStatus = 'saved';
  let savedAt: number | null = null;
  // Edits are counted so a save only clears the edits it actually carried.
  let editSeq = 0;
  let committedSeq = 0;
  let timer: unknown = null;
  let inHistory = false;
  let paused = false;
  let disposed = false;
  let lastRequestAt = Number.NEGATIVE_INFINITY;
  let lastSettledAt = Number.NEGATIVE_INFINITY;
  const lastStartBySource = new Map<SaveSource, number>();
  let inFlight: Promise<SaveResult> | null = null;
  let currentAbort: AbortController | null = null;
  // A failed save's retry keeps its save key while the content is the same.
  let failed: { saveKey: string; seq: number } | null = null;
  let failures = 0;
  // When the first edit not yet carried by a save was made: the debounce never outlasts maxWaitMs from it.
  let burstStartedAt: number | null = null;

  const dirty = () => editSeq > committedSeq;
  const state = (): SaveState => ({ status, savedAt, dirty: dirty() });
  const set = (next: SaveStatus) => {
    status = next;
    deps.onChange?.(state());
  };
  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  const arm = (ms: number) => {
    cancelTimer();
    if (disposed || paused || inHistory) return;
    timer = setTimer(() => {
      timer = null;
      void attempt('autosave', false, true);
    }, ms);
  };
  /**
   * The machine's one invariant: while edits are unsaved (and autosave is not paused), either a
   * save is running or a timer will start one. Every path that does not start a save ends here.
   */
  const keepScheduled = (ms: number) => {
    if (timer === null && !inFlight && dirty()) arm(ms);
  };
  const throttleOf = (source: SaveSource) => (source === 'navigation' ? SAVE_TIMING.navigationThrottleMs : SAVE_TIMING.throttleMs);

  async function run(source: SaveSource): Promise<SaveResult> {
    const snap = deps.snapshot();
    const blank = snap.text.trim() === '';
    // Blank content is never sent (docs/PRODUCT.md#saving); this also keeps a new Untitled file unsaved
    // until its first text, so no empty file is written.
    if (blank) return 'skipped-blank';
    const seq = editSeq;
    const saveKey = failed && failed.seq === seq ? failed.saveKey : deps.newSaveKey();
    const controller = new AbortController();
    currentAbort = controller;
    lastStartBySource.set(source, now());
    burstStartedAt = null;
    set('saving');
    try {
      const outcome = await deps.send({ content: snap.content, source, saveKey, signal: controller.signal });
      if (controller.signal.aborted) return 'aborted';
      failed = null;
      if (outcome === 'committed') {
        failures = 0;
        committedSeq = Math.max(committedSeq, seq);
        savedAt = now();
        set(dirty() ? 'unsaved' : 'saved');
        if (dirty()) arm(SAVE_TIMING.debounceMs);
      } else {
        set('unsaved');
        // Kept locally, not on the server: try again (a server restart fires no 'online' event).
        if (outcome === 'offline') retryAfterFailure = backoff();
      }
      return outcome;
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) {
        // Aborted saves are ignored silently: the state says what is still true.
        set(dirty() ? 'unsaved' : 'saved');
        return 'aborted';
      }
      failed = { saveKey, seq };
      set('error');
      retryAfterFailure = backoff();
      return 'failed';
    } finally {
      lastSettledAt = now();
      if (currentAbort === controller) currentAbort = null;
    }
  }
  /** The next retry delay after a failed or offline save: 2 s, doubling up to 30 s. */
  const backoff = () => {
    failures += 1;
    return Math.min(SAVE_TIMING.retryBaseMs * 2 ** (failures - 1), SAVE_TIMING.retryMaxMs);
  };
  // Set by a failed or offline run; armed once that run is no longer in flight.
  let retryAfterFailure: number | null = null;

  /** Asks for a save from outside the machine (the 100 ms gap applies to these). */
  function requestSave(opts: { source?: SaveSource; force?: boolean } = {}): Promise<SaveResult> {
    return attempt(opts.source ?? 'autosave', opts.force === true, false);
  }

  /** `internal`: the machine's own timer, which the 100 ms gap (meant for bursts of outside requests) never drops. */
  async function attempt(source: SaveSource, force: boolean, internal: boolean): Promise<SaveResult> {
    if (disposed) return 'ignored';
    if (!dirty()) return 'clean';
    // Resuming re-arms the save (setPaused(false)).
    if (paused && !force) return 'paused';
    const t = now();
    if (!force) {
      if (!internal && t - lastRequestAt < SAVE_TIMING.minRequestGapMs) {
        keepScheduled(SAVE_TIMING.minRequestGapMs);
        return 'ignored';
      }
      lastRequestAt = t;
      const startedAt = lastStartBySource.get(source) ?? Number.NEGATIVE_INFINITY;
      const readyAt = Math.max(startedAt + throttleOf(source), lastSettledAt + SAVE_TIMING.cooldownMs);
      if (inFlight || readyAt > t) {
        // Not dropped: the save runs once the throttle, cooldown or the running save allows.
        arm(inFlight ? SAVE_TIMING.cooldownMs : readyAt - t);
        return 'deferred';
      }
    } else {
      lastRequestAt = t;
    }
    cancelTimer();
    // A loop, not an if: two forced saves waiting on one send must not both start.
    while (inFlight) await inFlight.catch(() => undefined);
    if (!dirty()) return 'clean';
    const promise = run(source);
    inFlight = promise;
    let result: SaveResult;
    try {
      result = await promise;
    } finally {
      if (inFlight === promise) inFlight = null;
    }
    if (retryAfterFailure !== null) keepScheduled(retryAfterFailure);
    retryAfterFailure = null;
    return result;
  }

  return {
    markEdited() {
      if (disposed) return;
      editSeq += 1;
      if (status !== 'saving') set('unsaved');
      const t = now();
      burstStartedAt ??= t;
      // During undo/redo nothing is scheduled; endHistoryChange re-arms.
      arm(Math.max(0, Math.min(SAVE_TIMING.debounceMs, burstStartedAt + SAVE_TIMING.maxWaitMs - t)));
    },
    requestSave,
    beginHistoryChange() {
      inHistory = true;
      cancelTimer();
    },
    endHistoryChange() {
      inHistory = false;
      if (dirty()) arm(SAVE_TIMING.debounceMs);
    },
    markCommitted(at = now()) {
      committedSeq = editSeq;
      burstStartedAt = null;
      savedAt = at;
      failed = null;
      cancelTimer();
      set('saved');
    },
    setPaused(next) {
      paused = next;
      if (paused) cancelTimer();
      else if (dirty()) arm(SAVE_TIMING.debounceMs);
    },
    abort() {
      cancelTimer();
      abortCurrent();
    },
    getState: state,
    dispose() {
      disposed = true;
      cancelTimer();
      abortCurrent();
    },
  };

  function abortCurrent() {
    currentAbort?.abort();
  }
}
