import type { SQL } from 'drizzle-orm';

// The port a module is given for a queue of jobs run under a lease. jobs/leased-queue.ts implements
// it on pg-boss; modules know this interface only, never pg-boss or its tables.

/** A job: its id (a UUID, pg-boss's job id) and its data. */
export interface LeasedJob<T> {
  id: string;
  data: T;
}

/** A leased queue as a module sees it, once pg-boss runs. */
export interface LeasedQueue<T> {
  /**
   * The job's INSERT, queued under the lease, one row for each row of `source` (a CTE of the
   * caller's statement — a budget hold): the job commits with what it depends on, or not at all.
   */
  rowFrom(job: LeasedJob<T>): (source: SQL) => SQL;
  /** Queues the job under the lease. */
  send(job: LeasedJob<T>): Promise<void>;
  /** Pushes a running job's lease forward. */
  renew(id: string): Promise<void>;
  complete(id: string): Promise<void>;
  /** Hands the job back: it is retried after the queue's delay, here or in another process. */
  fail(id: string, reason: string): Promise<void>;
  /** The job is done and its answer stored: nothing of it is kept. */
  remove(id: string): Promise<void>;
  /** How often a running job's lease must be renewed, in seconds. */
  heartbeatSeconds: number;
}

/** What the module asks of its queue: its name, its retries and expiry, and how to run a job fetched by the poller. */
export interface LeasedQueueSpec<T> {
  name: string;
  retryLimit: number;
  expireInSeconds: number;
  /** Runs a job another run handed back or left to its lease; settles it through the queue. Never throws. */
  runFetched(job: LeasedJob<T>, queue: LeasedQueue<T>): Promise<void>;
}

/** Opens a module's leased queue; jobs.ts gives modules this once pg-boss runs. */
export type OpenLeasedQueue = <T extends object>(spec: LeasedQueueSpec<T>) => Promise<LeasedQueue<T>>;

/** Whether a queue's job is still waiting or running anywhere; answers before the jobs run too. */
export interface JobLookup {
  isPending(args: { id: string; tenantId: string }): Promise<boolean>;
}
