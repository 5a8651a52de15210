import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '../../../db/db';
import { BOSS_SCHEMA } from '../../../jobs/boss';
import type { OperationJob, OperationRunner } from './operations.runner';

export const AI_OPERATION_QUEUE = 'ai-operation';

/** Past the runner's own 14-minute cap: a job still waiting then belonged to a process that died. */
const LEASE_SECONDS = 15 * 60;
const EXPIRE_SECONDS = 15 * 60;
const RETRY_LIMIT = 3;
/** 'created' includes jobs under a lease, running in some Bree right now. */
const PENDING_STATES = new Set(['created', 'retry', 'active']);
/** Operation ids are the jobs' UUIDs; anything else cannot be a job (and must not reach a uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where started operations go to be run, as the operations service sees it. */
export interface OperationQueue {
  /**
   * Starts the operation (here or in another Bree) and resolves once it is stored durably, so the
   * client's answer comes after that. Never rejects once the operation runs: the reservation is
   * then settled by the run, whatever happens.
   */
  enqueue(job: OperationJob): Promise<void>;
  /** Whether this tenant's operation is still waiting or running anywhere. */
  isPending(args: { tenantId: string; operationId: string }): Promise<boolean>;
}

/**
 * The one query behind `isPending`. It reads pg-boss's job table directly (as getJobById does)
 * because a Bree just restarted must already know that a job handed back by its predecessor is
 * still coming, while its own pg-boss is starting. No table yet (a new database): nothing pending.
 */
async function queuedAnywhere(database: Pick<Database, 'query'>, { tenantId, operationId }: { tenantId: string; operationId: string }): Promise<boolean> {
  if (!UUID.test(operationId)) return false;
  try {
    const rows = await database.query<{ state: string; tenant: string }>(
      `select state, data->>'tenantId' as tenant from ${BOSS_SCHEMA}.job where name = $1 and id = $2::uuid`,
      [AI_OPERATION_QUEUE, operationId],
    );
    return rows.some((r) => r.tenant === tenantId && PENDING_STATES.has(r.state));
  } catch {
    return false;
  }
}

/** How the queue delivers once pg-boss runs; the delays are shortened by tests. */
export interface DeliveryOptions {
  boss: PgBoss;
  log: FastifyBaseLogger;
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
}

/**
 * AI operations as pg-boss jobs. Created with the services, before pg-boss runs: until `start`,
 * operations run detached in this process (and cannot survive a restart). Once started, a started
 * operation is a job before the author gets its id, so it outlives the request, the tab and the
 * process. The process that queued it runs it at once (the author waits for the first word; a
 * poll or a fetch would add to it), holding the job as a lease: queued to start only after the
 * runner's time cap, and deleted once the answer is stored. Should that process stop, the job is
 * handed back (failed → retried in seconds); should it die, the lease runs out. Either way a
 * poller here or in another Bree runs it again from scratch.
 */
export function createOperationQueue({ runner, database }: { runner: OperationRunner; database: Pick<Database, 'query'> }) {
  let delivery: { boss: PgBoss; log: FastifyBaseLogger } | null = null;
  const inflight = new Set<Promise<void>>();

  /** Runs a job this process fetched (a retry) and settles it; never throws, so one job cannot fail its batch-mates. */
  async function runFetched(boss: PgBoss, log: FastifyBaseLogger, job: PgBoss.Job<OperationJob>): Promise<void> {
    try {
      const outcome = await runner.run(job.data, { requeueOnShutdown: true, retry: true });
      if (outcome === 'requeue') await boss.fail(AI_OPERATION_QUEUE, job.id, { reason: 'Bree stopped during the generation' });
      else await boss.complete(AI_OPERATION_QUEUE, job.id);
    } catch (err) {
      log.error({ err, operationId: job.data.operationId }, 'AI operation job failed');
      await boss.fail(AI_OPERATION_QUEUE, job.id, { reason: 'error' }).catch(() => undefined);
    }
  }

  /** Runs a just-queued job under its lease: done → the job goes; stopped → it is handed back at once. */
  async function runLeased(boss: PgBoss, log: FastifyBaseLogger, job: OperationJob, sent: Promise<unknown>): Promise<void> {
    try {
      const outcome = await runner.run(job, { requeueOnShutdown: true, retry: false });
      // Settled only once the job row exists (the send started with the run); unsent: nothing to settle.
      const stored = await sent.then(
        () => true,
        () => false,
      );
      if (!stored) return;
      if (outcome === 'requeue') await boss.fail(AI_OPERATION_QUEUE, job.operationId, { reason: 'Bree stopped during the generation' });
      else await boss.deleteJob(AI_OPERATION_QUEUE, job.operationId);
    } catch (err) {
      // Left to its lease: when it ends, the job is retried.
      log.error({ err, operationId: job.operationId }, 'AI operation failed');
    }
  }

  /** Remembers a leased run until it has settled its job, so stopping can wait for it. */
  function track(run: Promise<void>): void {
    inflight.add(run);
    void run.finally(() => inflight.delete(run));
  }

  return {
    async enqueue(job: OperationJob): Promise<void> {
      if (!delivery) {
        void runner.run(job, { requeueOnShutdown: false, retry: false }).catch(() => undefined);
        return;
      }
      const { boss, log } = delivery;
      // The generation starts while its job is written: the author waits for the first word, and
      // only the answer with the operation id has to wait for the job to be stored.
      const sent = boss.send(AI_OPERATION_QUEUE, job, { id: job.operationId, startAfter: LEASE_SECONDS });
      track(runLeased(boss, log, job, sent));
      try {
        await sent;
      } catch (err) {
        // Not stored: it still runs here, it just cannot survive a restart.
        log.warn({ err, operationId: job.operationId }, 'AI operation not queued; running in this process only');
      }
    },

    isPending: async (args: { tenantId: string; operationId: string }): Promise<boolean> =>
      runner.isRunning(args.operationId) || (await queuedAnywhere(database, args)),

    /** pg-boss runs: creates the queue and its poller; from now on operations are sent as jobs. */
    async start({ boss, log, retryDelaySeconds = 5, pollingIntervalSeconds = 2 }: DeliveryOptions): Promise<void> {
      await boss.createQueue(AI_OPERATION_QUEUE, {
        name: AI_OPERATION_QUEUE,
        retryLimit: RETRY_LIMIT,
        retryDelay: retryDelaySeconds,
        expireInSeconds: EXPIRE_SECONDS,
      });
      await boss.work<OperationJob>(AI_OPERATION_QUEUE, { batchSize: 4, pollingIntervalSeconds }, async (jobs) => {
        await Promise.all(jobs.map((job) => runFetched(boss, log, job)));
      });
      delivery = { boss, log };
    },

    /** Jobs stop: new operations run in this process again, and running jobs are completed or handed back first. */
    async stop(): Promise<void> {
      delivery = null;
      await Promise.allSettled([...inflight]);
    },
  };
}
export type OperationJobQueue = ReturnType<typeof createOperationQueue>;
