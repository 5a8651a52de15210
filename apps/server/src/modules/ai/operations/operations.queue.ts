import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { JobLookup, LeasedJob, LeasedQueue, OpenLeasedQueue } from '../../../lib/leased-queue';
import type { OperationJob, OperationRunner } from './operations.runner';

export const AI_OPERATION_QUEUE = 'ai-operation';

/** Past the runner's own 14-minute cap: the longest a fetched job may run at all. */
const EXPIRE_SECONDS = 15 * 60;
const RETRY_LIMIT = 3;

/** Where started operations go to be run, as the operations service sees it. */
export interface OperationQueue {
  /**
   * Starts the operation (here or in another Bree) and resolves once it is stored durably, so the
   * client's answer comes after that. Never rejects once the operation runs: the reservation is
   * then settled by the run, whatever happens.
   */
  enqueue(job: OperationJob, options?: { stored?: boolean }): Promise<void>;
  /** The job's row as SQL to write in another statement, then `enqueue(job, { stored: true })`; null when it must be enqueued alone. */
  jobRow(job: OperationJob): ((source: SQL) => SQL) | null;
  /** Whether this tenant's operation is still waiting or running anywhere. */
  isPending(args: { tenantId: string; operationId: string }): Promise<boolean>;
}

const asJob = (job: OperationJob): LeasedJob<OperationJob> => ({ id: job.operationId, data: job });

/**
 * AI operations as jobs of a leased queue (the port of lib/leased-queue.ts, which jobs/ implements on pg-boss). Created
 * with the services, before jobs run: until `start`, operations run detached in this process (and
 * cannot survive a restart). Once started, a started operation is a job before the author gets its
 * id, so it outlives the request, the tab and the process. The process that queued it runs it at
 * once (the author waits for the first word; a poll or a fetch would add to it), holding the job as
 * a lease: queued to start only after the lease, which a heartbeat renews while it runs, and removed
 * once the answer is stored. Should that process stop, the job is handed back (failed → retried in
 * seconds); should it die, the lease runs out within a minute. Either way a poller here or in
 * another Bree runs it again from scratch.
 */
export function createOperationQueue({ runner, lookup }: { runner: OperationRunner; lookup: JobLookup }) {
  let delivery: { queue: LeasedQueue<OperationJob>; log: FastifyBaseLogger } | null = null;
  const inflight = new Set<Promise<void>>();

  /** Renews the job's lease while `run` lasts; a failed renewal is only logged (the next one tries again). */
  function heartbeat<T>(
    run: Promise<T>,
    { operationId, queue, log }: { operationId: string; queue: LeasedQueue<OperationJob>; log: FastifyBaseLogger },
  ): Promise<T> {
    const timer = setInterval(() => {
      queue.renew(operationId).catch((err: unknown) => log.warn({ err, operationId }, 'AI operation lease not renewed'));
    }, queue.heartbeatSeconds * 1000);
    timer.unref();
    return run.finally(() => clearInterval(timer));
  }

  /** Runs a job this process fetched (a retry) and settles it; never throws, so one job cannot fail its batch-mates. */
  async function runFetched(log: FastifyBaseLogger, job: LeasedJob<OperationJob>, queue: LeasedQueue<OperationJob>): Promise<void> {
    try {
      const run = runner.run(job.data, { requeueOnShutdown: true, retry: true });
      const outcome = await heartbeat(run, { operationId: job.id, queue, log });
      if (outcome === 'requeue') await queue.fail(job.id, 'Bree stopped during the generation');
      else await queue.complete(job.id);
    } catch (err) {
      log.error({ err, operationId: job.data.operationId }, 'AI operation job failed');
      await queue.fail(job.id, 'error').catch(() => undefined);
    }
  }

  /** Runs a just-queued job under its lease: done → the job goes; stopped → it is handed back at once. */
  async function runLeased(queue: LeasedQueue<OperationJob>, log: FastifyBaseLogger, job: OperationJob, sent: Promise<unknown>): Promise<void> {
    try {
      const outcome = await heartbeat(runner.run(job, { requeueOnShutdown: true, retry: false }), { operationId: job.operationId, queue, log });
      // Settled only once the job row exists (the send started with the run); unsent: nothing to settle.
      const stored = await sent.then(
        () => true,
        () => false,
      );
      if (!stored) return;
      if (outcome === 'requeue') await queue.fail(job.operationId, 'Bree stopped during the generation');
      else await queue.remove(job.operationId);
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
    /**
     * The job's row as SQL written from `source` (the hold's statement), to commit with what it
     * depends on; then `enqueue(job, { stored: true })`. Null while jobs are not running: enqueue alone.
     */
    jobRow(job: OperationJob): ((source: SQL) => SQL) | null {
      return delivery ? delivery.queue.rowFrom(asJob(job)) : null;
    },

    async enqueue(job: OperationJob, { stored = false }: { stored?: boolean } = {}): Promise<void> {
      if (!delivery) {
        void runner.run(job, { requeueOnShutdown: false, retry: false }).catch(() => undefined);
        return;
      }
      const { queue, log } = delivery;
      // A job not already written with its reservation is written while the generation starts: the
      // author waits for the first word, and only the answer with the operation id waits for the row.
      const sent = stored ? Promise.resolve() : queue.send(asJob(job));
      track(runLeased(queue, log, job, sent));
      try {
        await sent;
      } catch (err) {
        // Not stored: it still runs here, it just cannot survive a restart.
        log.warn({ err, operationId: job.operationId }, 'AI operation not queued; running in this process only');
      }
    },

    isPending: async ({ tenantId, operationId }: { tenantId: string; operationId: string }): Promise<boolean> =>
      runner.isRunning({ tenantId, operationId }) || (await lookup.isPending({ id: operationId, tenantId })),

    /** Jobs run: opens the queue and its poller (jobs.ts); from now on operations are sent as jobs. */
    async start({ open, log }: { open: OpenLeasedQueue; log: FastifyBaseLogger }): Promise<void> {
      const queue = await open<OperationJob>({
        name: AI_OPERATION_QUEUE,
        retryLimit: RETRY_LIMIT,
        expireInSeconds: EXPIRE_SECONDS,
        runFetched: (job, q) => runFetched(log, job, q),
      });
      delivery = { queue, log };
    },

    /** Jobs stop: new operations run in this process again, and running jobs are completed or handed back first. */
    async stop(): Promise<void> {
      delivery = null;
      await Promise.allSettled([...inflight]);
    },
  };
}
export type OperationJobQueue = ReturnType<typeof createOperationQueue>;
