import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../../../db/db';
import { BOSS_SCHEMA } from '../../../jobs/boss';
import type { OperationJob, OperationRunner } from './operations.runner';

export const AI_OPERATION_QUEUE = 'ai-operation';

/**
 * How long a job stays with the process running it without a word from it: renewed every
 * HEARTBEAT_SECONDS while it runs, so after a crash another process takes it over within about a minute.
 */
const LEASE_SECONDS = 45;
const HEARTBEAT_SECONDS = 15;
/** Past the runner's own 14-minute cap: the longest a fetched job may run at all. */
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
  enqueue(job: OperationJob, options?: { stored?: boolean }): Promise<void>;
  /** The job's row as SQL to write in another statement, then `enqueue(job, { stored: true })`; null when it must be enqueued alone. */
  jobRow(job: OperationJob): ((source: SQL) => SQL) | null;
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

/** A job's lease and how often it is renewed, in seconds. */
interface Lease {
  leaseSeconds: number;
  heartbeatSeconds: number;
}

/** How the queue delivers once pg-boss runs; the delays are shortened by tests. */
export interface DeliveryOptions {
  boss: PgBoss;
  log: FastifyBaseLogger;
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  /** How long a running job is held without a heartbeat (tests shorten it to see a takeover). */
  leaseSeconds?: number;
  heartbeatSeconds?: number;
}

/**
 * Pushes a running job's lease forward. pg-boss 10 has no call that renews a job, so this updates
 * its job row in Bree's own database (the columns its fetch and its supervisor read): a job held
 * under a lease waits in 'created' until `start_after`; a fetched one ('active') expires at
 * `started_on + expire_in`. Either way the row names this process's job by id.
 */
async function renewLease(database: Pick<Database, 'query'>, { operationId, leaseSeconds }: { operationId: string; leaseSeconds: number }): Promise<void> {
  await database.query(
    `update ${BOSS_SCHEMA}.job
        set start_after = case when state = 'created' then now() + $3 * interval '1 second' else start_after end,
            expire_in = case when state = 'active' then (now() - started_on) + $3 * interval '1 second' else expire_in end
      where name = $1 and id = $2::uuid and state in ('created', 'active')`,
    [AI_OPERATION_QUEUE, operationId, leaseSeconds],
  );
}

/**
 * The INSERT of `job` as the row pg-boss's `send` would write (its defaults: the queue's retry,
 * expiry and retention settings, no singleton), queued under a lease of `leaseSeconds`, one row for
 * each row of `source`. Lets the job commit in another statement, with what it depends on. A test
 * compares its row with one `send` writes, column by column.
 */
function jobInsert(job: OperationJob, leaseSeconds: number, source: SQL): SQL {
  return sql`insert into ${sql.raw(BOSS_SCHEMA)}.job
      (id, name, data, priority, start_after, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy, dead_letter)
    select ${job.operationId}::uuid, q.name, ${JSON.stringify(job)}::jsonb, 0, now() + ${leaseSeconds} * interval '1 second',
      coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
      now() + ${leaseSeconds} * interval '1 second' + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
      coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false), q.policy, q.dead_letter
    from ${source} cross join ${sql.raw(BOSS_SCHEMA)}.queue q
    where q.name = ${AI_OPERATION_QUEUE}
    on conflict do nothing
    returning id`;
}

/**
 * AI operations as pg-boss jobs. Created with the services, before pg-boss runs: until `start`,
 * operations run detached in this process (and cannot survive a restart). Once started, a started
 * operation is a job before the author gets its id, so it outlives the request, the tab and the
 * process. The process that queued it runs it at once (the author waits for the first word; a
 * poll or a fetch would add to it), holding the job as a lease: queued to start only after the
 * lease, which a heartbeat renews while it runs, and deleted once the answer is stored. Should that
 * process stop, the job is handed back (failed → retried in seconds); should it die, the lease runs
 * out within a minute. Either way a poller here or in another Bree runs it again from scratch.
 */
export function createOperationQueue({ runner, database }: { runner: OperationRunner; database: Pick<Database, 'query'> }) {
  let delivery: { boss: PgBoss; log: FastifyBaseLogger; leaseSeconds: number; heartbeatSeconds: number } | null = null;
  const inflight = new Set<Promise<void>>();

  /** Renews the job's lease while `run` lasts; a failed renewal is only logged (the next one tries again). */
  function heartbeat<T>(
    run: Promise<T>,
    { operationId, log, leaseSeconds, heartbeatSeconds }: { operationId: string; log: FastifyBaseLogger; leaseSeconds: number; heartbeatSeconds: number },
  ): Promise<T> {
    const timer = setInterval(() => {
      renewLease(database, { operationId, leaseSeconds }).catch((err: unknown) => log.warn({ err, operationId }, 'AI operation lease not renewed'));
    }, heartbeatSeconds * 1000);
    timer.unref();
    return run.finally(() => clearInterval(timer));
  }

  /** Runs a job this process fetched (a retry) and settles it; never throws, so one job cannot fail its batch-mates. */
  async function runFetched(boss: PgBoss, log: FastifyBaseLogger, lease: Lease, job: PgBoss.Job<OperationJob>): Promise<void> {
    try {
      const run = runner.run(job.data, { requeueOnShutdown: true, retry: true });
      const outcome = await heartbeat(run, { operationId: job.id, log, ...lease });
      if (outcome === 'requeue') await boss.fail(AI_OPERATION_QUEUE, job.id, { reason: 'Bree stopped during the generation' });
      else await boss.complete(AI_OPERATION_QUEUE, job.id);
    } catch (err) {
      log.error({ err, operationId: job.data.operationId }, 'AI operation job failed');
      await boss.fail(AI_OPERATION_QUEUE, job.id, { reason: 'error' }).catch(() => undefined);
    }
  }

  /** Runs a just-queued job under its lease: done → the job goes; stopped → it is handed back at once. */
  async function runLeased(boss: PgBoss, log: FastifyBaseLogger, lease: Lease, job: OperationJob, sent: Promise<unknown>): Promise<void> {
    try {
      const outcome = await heartbeat(runner.run(job, { requeueOnShutdown: true, retry: false }), { operationId: job.operationId, log, ...lease });
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
    /**
     * The job's row as SQL written from `source` (see jobInsert), to commit with what it depends
     * on; then `enqueue(job, { stored: true })`. Null while jobs are not running: enqueue alone.
     */
    jobRow(job: OperationJob): ((source: SQL) => SQL) | null {
      if (!delivery) return null;
      const { leaseSeconds } = delivery;
      return (source) => jobInsert(job, leaseSeconds, source);
    },

    async enqueue(job: OperationJob, { stored = false }: { stored?: boolean } = {}): Promise<void> {
      if (!delivery) {
        void runner.run(job, { requeueOnShutdown: false, retry: false }).catch(() => undefined);
        return;
      }
      const { boss, log, ...lease } = delivery;
      // A job not already written with its reservation is written while the generation starts: the
      // author waits for the first word, and only the answer with the operation id waits for the row.
      const sent = stored ? Promise.resolve() : boss.send(AI_OPERATION_QUEUE, job, { id: job.operationId, startAfter: lease.leaseSeconds });
      track(runLeased(boss, log, lease, job, sent));
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
    async start({
      boss,
      log,
      retryDelaySeconds = 5,
      pollingIntervalSeconds = 2,
      leaseSeconds = LEASE_SECONDS,
      heartbeatSeconds = HEARTBEAT_SECONDS,
    }: DeliveryOptions): Promise<void> {
      await boss.createQueue(AI_OPERATION_QUEUE, {
        name: AI_OPERATION_QUEUE,
        retryLimit: RETRY_LIMIT,
        retryDelay: retryDelaySeconds,
        expireInSeconds: EXPIRE_SECONDS,
      });
      await boss.work<OperationJob>(AI_OPERATION_QUEUE, { batchSize: 4, pollingIntervalSeconds }, async (jobs) => {
        await Promise.all(jobs.map((job) => runFetched(boss, log, { leaseSeconds, heartbeatSeconds }, job)));
      });
      delivery = { boss, log, leaseSeconds, heartbeatSeconds };
    },

    /** Jobs stop: new operations run in this process again, and running jobs are completed or handed back first. */
    async stop(): Promise<void> {
      delivery = null;
      await Promise.allSettled([...inflight]);
    },
  };
}
export type OperationJobQueue = ReturnType<typeof createOperationQueue>;
