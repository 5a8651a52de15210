import { sql, type SQL } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/db';
import type { JobLookup, LeasedJob, LeasedQueue, LeasedQueueSpec } from '../lib/leased-queue';
import { BOSS_SCHEMA } from './boss';

// A queue whose jobs the process that queued them runs at once, holding each under a lease (see
// modules/ai/operations/operations.queue.ts). pg-boss 10 has no lease of its own, so this module
// writes and renews pg-boss's job rows itself; it is the one place outside pg-boss that knows its
// tables. Modules see only the interface of lib/leased-queue.ts, which this implements.

/** How a leased queue delivers; tests shorten the delays. */
export interface LeasedQueueTimings {
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  /** How long a running job is held without a renewal (tests shorten it to see a takeover). */
  leaseSeconds?: number;
  heartbeatSeconds?: number;
}

/** 'created' includes jobs under a lease, running in some Bree right now. */
const PENDING_STATES = new Set(['created', 'retry', 'active']);
/** Job ids are UUIDs; anything else cannot be a job (and must not reach a uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a tenant's job is still waiting or running anywhere. It reads pg-boss's job table directly
 * (as getJobById does) because a Bree just restarted must already know that a job handed back by its
 * predecessor is still coming, while its own pg-boss is starting. No table yet (a new database): nothing pending.
 */
export function createJobLookup({ database, name }: { database: Pick<Database, 'query'>; name: string }): JobLookup {
  return {
    async isPending({ id, tenantId }: { id: string; tenantId: string }): Promise<boolean> {
      if (!UUID.test(id)) return false;
      try {
        const rows = await database.query<{ state: string; tenant: string }>(
          `select state, data->>'tenantId' as tenant from ${BOSS_SCHEMA}.job where name = $1 and id = $2::uuid`,
          [name, id],
        );
        return rows.some((r) => r.tenant === tenantId && PENDING_STATES.has(r.state));
      } catch {
        return false;
      }
    },
  };
}

/**
 * The INSERT of a job as the row pg-boss's `send` would write (its defaults: the queue's retry,
 * expiry and retention settings, no singleton), queued under a lease of `leaseSeconds`, one row for
 * each row of `source`. A test (ai-job-row.test.ts) compares its row with one `send` writes, column by column.
 */
function jobInsert(name: string, job: LeasedJob<unknown>, leaseSeconds: number, source: SQL): SQL {
  return sql`insert into ${sql.raw(BOSS_SCHEMA)}.job
      (id, name, data, priority, start_after, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy, dead_letter)
    select ${job.id}::uuid, q.name, ${JSON.stringify(job.data)}::jsonb, 0, now() + ${leaseSeconds} * interval '1 second',
      coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
      now() + ${leaseSeconds} * interval '1 second' + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
      coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false), q.policy, q.dead_letter
    from ${source} cross join ${sql.raw(BOSS_SCHEMA)}.queue q
    where q.name = ${name}
    on conflict do nothing
    returning id`;
}

/**
 * Pushes a running job's lease forward (pg-boss 10 has no call that renews a job): a job held
 * under a lease waits in 'created' until `start_after`; a fetched one ('active') expires at
 * `started_on + expire_in`. Either way the row names this process's job by id.
 */
async function renewLease(database: Pick<Database, 'query'>, { name, id, leaseSeconds }: { name: string; id: string; leaseSeconds: number }): Promise<void> {
  await database.query(
    `update ${BOSS_SCHEMA}.job
        set start_after = case when state = 'created' then now() + $3 * interval '1 second' else start_after end,
            expire_in = case when state = 'active' then (now() - started_on) + $3 * interval '1 second' else expire_in end
      where name = $1 and id = $2::uuid and state in ('created', 'active')`,
    [name, id, leaseSeconds],
  );
}

/** Creates a leased queue on pg-boss and its poller, which fetches jobs handed back or left to their lease. */
export async function openLeasedQueue<T extends object>({
  boss,
  database,
  spec,
  timings: { retryDelaySeconds = 5, pollingIntervalSeconds = 2, leaseSeconds = 45, heartbeatSeconds = 15 },
}: {
  boss: PgBoss;
  database: Pick<Database, 'query'>;
  spec: LeasedQueueSpec<T>;
  timings: LeasedQueueTimings;
}): Promise<LeasedQueue<T>> {
  const { name } = spec;
  await boss.createQueue(name, { name, retryLimit: spec.retryLimit, retryDelay: retryDelaySeconds, expireInSeconds: spec.expireInSeconds });
  const queue: LeasedQueue<T> = {
    heartbeatSeconds,
    rowFrom: (job) => (source) => jobInsert(name, job, leaseSeconds, source),
    send: async (job) => void (await boss.send(name, job.data, { id: job.id, startAfter: leaseSeconds })),
    renew: (id) => renewLease(database, { name, id, leaseSeconds }),
    complete: async (id) => void (await boss.complete(name, id)),
    fail: async (id, reason) => void (await boss.fail(name, id, { reason })),
    remove: async (id) => void (await boss.deleteJob(name, id)),
  };
  await boss.work<T>(name, { batchSize: 4, pollingIntervalSeconds }, async (jobs) => {
    await Promise.all(jobs.map((job) => spec.runFetched({ id: job.id, data: job.data }, queue)));
  });
  return queue;
}
