import { ulid } from 'ulid';
import { putOfflineSave, settleLocalCopy } from './offlineStore';

/**
 * The editor's local copy (docs/SAVING.md "Every keystroke is safe"): every change reaches the
 * browser's local store (the offline store, IndexedDB) within 250 ms of the last key, whatever the
 * server autosave's debounce, so a reload, a closed tab or a crash loses nothing. The next open of
 * the document recovers the copy and saves it with its base revision (EditorPage, useOfflineSync).
 */

/** docs/PRODUCT.md#saving: a copy 100 ms after the last key, and at least every 200 ms while typing on. */
export const LOCAL_COPY_TIMING = { quietMs: 100, maxDelayMs: 200 } as const;

export interface LocalCopyTimer {
  /** A change was made: the copy is written within LOCAL_COPY_TIMING of it. */
  edited(): void;
  /** Writes a pending copy now (the page is going away). */
  flush(): void;
  /** Forgets a pending copy (the text it would hold is on the server). */
  cancel(): void;
  pending(): boolean;
}

interface TimerDeps {
  write(): void;
  now?(): number;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/**
 * When to write: `quietMs` after the last change, but never later than `maxDelayMs` after the
 * first change not yet written, so continuous typing is copied along the way. Pure timing, so it
 * is unit tested with fake timers.
 */
export function createLocalCopyTimer({
  write,
  now = () => Date.now(),
  setTimer = (fn, ms) => setTimeout(fn, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: TimerDeps): LocalCopyTimer {
  let timer: unknown = null;
  let firstAt: number | null = null;
  const cancel = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    firstAt = null;
  };
  const fire = () => {
    cancel();
    write();
  };
  return {
    edited() {
      const t = now();
      firstAt ??= t;
      if (timer !== null) clearTimer(timer);
      timer = setTimer(fire, Math.max(0, Math.min(LOCAL_COPY_TIMING.quietMs, firstAt + LOCAL_COPY_TIMING.maxDelayMs - t)));
    },
    flush() {
      if (timer !== null) fire();
    },
    cancel,
    pending: () => timer !== null,
  };
}

/** The editor's text now, or null when there is no editor to read. */
export type ReadText = () => { content: unknown; text: string } | null;

/** What a save carried: the copy's edit count and when it was read, for settling the copy after it commits. */
export interface Covered {
  seq: number;
  at: number;
}

export interface LocalCopy {
  /** A change was made (every markEdited of the save machine). */
  edited(): void;
  /** A save is reading the text now: what its commit will cover. */
  covered(): Covered;
  /** A save committed `covered` at `revision`: the copy is dropped, or this editor's newer one rebased. */
  committed(input: { covered: Covered; revision: number }): void;
  /** The editor now shows the server's text (load, restore, 'Use the latest'): any copy is obsolete. */
  replaced(): void;
  /** Stores a save the server did not answer, unless a newer copy is already stored. */
  storeUnsent(input: { content: unknown; covered: Covered; baseRevision: number }): Promise<void>;
  /** Writes a pending copy now (pagehide, visibility hidden, unmount). */
  flush(): void;
  cancel(): void;
}

interface LocalCopyInput {
  tenantId: string;
  fileId: string;
  read: ReadText;
  /** The revision the editor's text is based on (the last committed answer). */
  baseRevision(): number;
  timer?: Omit<TimerDeps, 'write'>;
}

/**
 * One document's local copy: edits are counted, so a commit drops only the copy it covers, and a
 * copy written while a save was on its way is rebased on that save's revision.
 */
export function createLocalCopy({ tenantId, fileId, read, baseRevision, timer: timerDeps }: LocalCopyInput): LocalCopy {
  let seq = 0;
  // The last copy this editor started to write: its edit count and save key.
  let issued: { seq: number; key: string } | null = null;
  const ignore = () => undefined;

  const put = (input: { content: unknown; seq: number; baseRevision: number; timestamp: number }): Promise<unknown> => {
    const key = ulid();
    issued = { seq: input.seq, key };
    // IndexedDB runs a store's read-write transactions in the order they were started: the latest wins.
    return putOfflineSave({ tenantId, fileId, content: input.content, timestamp: input.timestamp, baseRevision: input.baseRevision, operationId: key }).catch(
      ignore,
    );
  };
  const settle = (input: { coveredAt: number; rebaseTo?: number }) =>
    void settleLocalCopy({ tenantId, fileId, ownKey: issued?.key ?? null, ...input }).catch(ignore);

  const write = () => {
    let snapshot: ReturnType<ReadText>;
    try {
      snapshot = read();
    } catch {
      return; // The editor is gone: the last copy stands.
    }
    if (!snapshot) return;
    // A blank text is never saved (docs/PRODUCT.md#saving): no copy either, and an older one would bring back deleted text.
    if (snapshot.text.trim() === '') settle({ coveredAt: Date.now() });
    else void put({ content: snapshot.content, seq, baseRevision: baseRevision(), timestamp: Date.now() });
  };
  const timer = createLocalCopyTimer({ write, ...timerDeps });

  return {
    edited() {
      seq += 1;
      timer.edited();
    },
    covered: () => ({ seq, at: Date.now() }),
    committed({ covered, revision }) {
      if (covered.seq >= seq) timer.cancel();
      if (issued && issued.seq > covered.seq) settle({ coveredAt: covered.at, rebaseTo: revision });
      else settle({ coveredAt: covered.at });
    },
    replaced() {
      timer.cancel();
      seq += 1;
      issued = null;
      void settleLocalCopy({ tenantId, fileId, ownKey: null, coveredAt: Date.now() }).catch(ignore);
    },
    async storeUnsent({ content, covered, baseRevision: base }) {
      if (issued && issued.seq >= covered.seq) return;
      await put({ content, seq: covered.seq, baseRevision: base, timestamp: covered.at });
    },
    flush: () => timer.flush(),
    cancel: () => timer.cancel(),
  };
}
