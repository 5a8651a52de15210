import type { CheckBlock, CheckFinding, CheckSettings, VoiceStats } from '@bree/contracts';
import type { ChecksReply, ChecksRequest, ChecksResult } from './checksProtocol';

/** The part of a Worker used here, so tests can hand in a fake. */
export interface ChecksWorkerLike {
  postMessage(message: ChecksRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<ChecksReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** The error a run ends with when a newer run replaces it. */
export class ChecksCancelledError extends Error {
  override name = 'AbortError';
  constructor() {
    super('A newer check replaced this one.');
  }
}

type Input = Omit<ChecksRequest, 'runId'>;

/** Runs the checks on the main thread, loaded on first use: only where there are no Web Workers. */
async function onMainThread(input: Input): Promise<ChecksResult> {
  const { runChecks } = await import('./runChecks');
  return runChecks(input);
}

/**
 * A checks runner over one long-lived worker (docs/CHECKS.md "Local checks"): each run replaces
 * the one before (that one's promise rejects with ChecksCancelledError, and the worker skips it if
 * it has not started), a worker that fails is replaced at the next run, and without `spawn` the
 * checks run on the main thread.
 */
export function createChecksClient({ spawn }: { spawn: (() => ChecksWorkerLike) | null }) {
  let worker: ChecksWorkerLike | null = null;
  let runId = 0;
  let pending: { runId: number; resolve(result: ChecksResult): void; reject(error: Error): void } | null = null;

  function settle(reply: ChecksReply) {
    if (!pending || reply.runId !== pending.runId) return;
    const { resolve, reject } = pending;
    pending = null;
    if (reply.ok) resolve({ findings: reply.findings, ownShare: reply.ownShare });
    else reject(new Error(reply.message));
  }

  function started(): ChecksWorkerLike {
    if (worker) return worker;
    const fresh = spawn!();
    fresh.onmessage = (event) => settle(event.data);
    fresh.onerror = (event) => {
      // A worker that failed to load or crashed: end the waiting run; the next one starts a new worker.
      event.preventDefault?.();
      fresh.terminate();
      if (worker === fresh) worker = null;
      const failed = pending;
      pending = null;
      failed?.reject(new Error(event.message || 'The checks could not run.'));
    };
    worker = fresh;
    return fresh;
  }

  return {
    /** One run: resolves with what it finds, or rejects with ChecksCancelledError once a newer run starts. */
    run(input: Input): Promise<ChecksResult> {
      pending?.reject(new ChecksCancelledError());
      pending = null;
      const id = ++runId;
      if (!spawn) {
        return onMainThread(input).then((result) => {
          if (id !== runId) throw new ChecksCancelledError();
          return result;
        });
      }
      return new Promise<ChecksResult>((resolve, reject) => {
        pending = { runId: id, resolve, reject };
        started().postMessage({ runId: id, ...input });
      });
    },
    /** Stops the worker (the next run starts a new one). */
    dispose() {
      pending?.reject(new ChecksCancelledError());
      pending = null;
      worker?.terminate();
      worker = null;
    },
  };
}

function spawnChecksWorker(): ChecksWorkerLike {
  return new Worker(new URL('./checksWorker.ts', import.meta.url), { type: 'module' });
}

let shared: ReturnType<typeof createChecksClient> | null = null;

function client() {
  shared ??= createChecksClient({ spawn: typeof Worker === 'undefined' ? null : spawnChecksWorker });
  return shared;
}

/**
 * The local checks of some blocks, run in the checks worker so a long manuscript never holds up
 * typing (docs/CHECKS.md "Local checks"). A newer call cancels this one (it rejects with ChecksCancelledError).
 */
export async function checkInWorker({ blocks, settings }: { blocks: CheckBlock[]; settings: CheckSettings }): Promise<CheckFinding[]> {
  return (await client().run({ blocks, settings, profile: null })).findings;
}

/**
 * The local checks and, against the author's voice profile, the off-voice sentences and the share
 * read as their own, in one worker run: nothing of it on the main thread. Cancels like checkInWorker
 * (the two share one worker, so a call of either replaces a waiting call of the other).
 */
export function checkWithVoiceInWorker({
  blocks,
  settings,
  profile,
}: {
  blocks: CheckBlock[];
  settings: CheckSettings;
  profile: VoiceStats;
}): Promise<ChecksResult> {
  return client().run({ blocks, settings, profile });
}
