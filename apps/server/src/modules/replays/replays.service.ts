import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import { createReplaysRepository, type ReplayKey, type StoredAnswer } from './replays.repository';

export type { StoredAnswer } from './replays.repository';

/** How long an answer is remembered: a client retrying later than this starts a new operation. */
export const REPLAY_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface ReplayServiceOptions {
  db: Db;
  /** A claim not renewed for this long was left by a process that died; the same request may then run again. */
  leaseMs?: number;
  /** How long a duplicate waits for the first request's answer before answering 503 operation_in_progress. */
  maxWaitMs?: number;
  /** The first pause between two looks at the row while waiting (doubling up to 250 ms). */
  pollMs?: number;
  retentionMs?: number;
}

/** A request that may run: it holds the operation id until it answers (or fails). */
export interface ReplayClaim {
  /** Remembers the answer; replays of the id get it from now on. */
  complete(answer: StoredAnswer): Promise<void>;
  /** Forgets the claim (a 5xx, a 429, an answer that cannot be kept): the client's retry runs anew. */
  release(): Promise<void>;
  /** Stops renewing the lease without answering, as a dying process would: after `leaseMs` the id is free again. */
  abandon(): void;
}

export type ReplayBegin =
  { kind: 'run'; claim: ReplayClaim } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'reused' } | { kind: 'busy'; retryAfterSeconds: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replays of mutating requests by `X-Operation-Id` (docs/REPLAYS.md): the first request with an id
 * claims it in the database and runs; the same request again gets the remembered answer, waiting
 * for it while the first still runs (in this process or another); another request with the id is refused.
 * Nothing is kept in memory: every Bree process on the database sees the same claims.
 */
export function createReplayService({ db, leaseMs = 10_000, maxWaitMs = 15_000, pollMs = 25, retentionMs = REPLAY_RETENTION_MS }: ReplayServiceOptions) {
  const repository = createReplaysRepository({ db });

  function holdClaim(key: ReplayKey, claim: string): ReplayClaim {
    let finished = false;
    // The lease is renewed while the request runs, so only a dead process's claim runs out.
    const renewal = setInterval(() => void repository.renew({ ...key, claim, leaseMs }).catch(() => undefined), Math.max(10, Math.floor(leaseMs / 3)));
    renewal.unref();
    const finish = (): boolean => {
      clearInterval(renewal);
      if (finished) return false;
      finished = true;
      return true;
    };
    return {
      async complete(answer) {
        if (finish()) await repository.complete({ ...key, claim, answer });
      },
      async release() {
        if (finish()) await repository.release({ ...key, claim });
      },
      abandon() {
        clearInterval(renewal);
      },
    };
  }

  return {
    /**
     * What to do with a request carrying an operation id: run it (holding the claim), replay the
     * remembered answer, refuse a different request (reused), or, after waiting `maxWaitMs` for a
     * first request still running, tell the client to come back (busy).
     */
    async begin({ tenantId, operationId, fingerprint, route }: ReplayKey & { fingerprint: string; route: string }): Promise<ReplayBegin> {
      const key = { tenantId, operationId };
      const deadline = Date.now() + maxWaitMs;
      let pause = pollMs;
      for (;;) {
        const claim = randomUUID();
        if (await repository.claim({ ...key, fingerprint, route, claim, leaseMs, retentionMs })) return { kind: 'run', claim: holdClaim(key, claim) };
        const row = await repository.find({ ...key, retentionMs });
        if (row) {
          if (row.fingerprint !== fingerprint) return { kind: 'reused' };
          if (row.answer) return { kind: 'replay', answer: row.answer };
          // Abandoned: the next claim takes it over at once.
          if (row.abandoned) continue;
        }
        // Still running elsewhere, or released (or expired) between the two statements: look again shortly.
        if (Date.now() >= deadline) return { kind: 'busy', retryAfterSeconds: 1 };
        await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
        pause = Math.min(pause * 2, 250);
      }
    },

    /** The maintenance job's sweep: forgets answers older than the retention (24 h). Answers how many. */
    sweep: (): Promise<number> => repository.sweep({ retentionMs }),
  };
}
export type ReplayService = ReturnType<typeof createReplayService>;
