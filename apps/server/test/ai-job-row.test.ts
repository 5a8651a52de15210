import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startJobs, type Jobs } from '../src/jobs/jobs';
import { AI_OPERATION_QUEUE } from '../src/modules/ai/operations/operations.queue';
import type { OperationJob } from '../src/modules/ai/operations/operations.runner';
import { periodOf } from '../src/modules/usage/usage.plans';
import type { Reservation } from '../src/modules/usage/usage.service';
import type { Database } from '../src/db/db';
import { createServices, type Services } from '../src/services';
import { getTestDatabase, resetDatabase } from './harness';

// An AI operation's reservation and its job are written in one statement: the job row Bree writes
// there must be the row pg-boss's own `send` writes, or pg-boss would run it differently.
describe('an AI operation held and queued in one statement', () => {
  let database: Database;
  let services: Services;
  let jobs: Jobs;

  beforeAll(async () => {
    database = await getTestDatabase();
    await resetDatabase(database);
    services = createServices({ database, config: loadConfig({ PUBLIC_URL: 'http://localhost:3999', LOG_LEVEL: 'silent', DEFAULT_PLAN: 'free' }) });
    jobs = await startJobs({ database, maintenance: services, ai: { queue: services.aiQueue }, log: pino({ level: 'silent' }) });
  });
  /** Jobs written here: deleted at the end, or a later test file's Bree on this database would run them. */
  const jobIds: string[] = [];
  afterAll(async () => {
    await database.query(`delete from pgboss.job where id = any($1::uuid[])`, [jobIds]);
    await jobs.stop();
  });

  const remember = (id: string): string => (jobIds.push(id), id);
  const ask = { fileId: null, tier: 'fast' as const, modelId: 'fake-fast', promptTokens: 100, maxOutputTokens: 1000 };
  const jobOf = (tenantId: string, held: Reservation): OperationJob => ({
    operationId: remember(randomUUID()),
    tenantId,
    fileId: 'doc-1',
    action: 'enhance',
    nodeIds: ['n1'],
    tier: 'fast',
    system: 'Improve the text.',
    prompt: 'rough words',
    held: { ...held, maxOutputTokens: 1000 },
  });

  async function jobRow(id: string) {
    const [row] = await database.query<Record<string, unknown>>(
      `select name, data, priority, state, retry_limit, retry_count, retry_delay, retry_backoff, expire_in::text as expire_in,
              policy, dead_letter, singleton_key, singleton_on, started_on, completed_on, output,
              extract(epoch from start_after - created_on)::int as lease_seconds,
              (keep_until - start_after)::text as kept_after_start
         from pgboss.job where id = $1::uuid`,
      [id],
    );
    return row;
  }

  it("writes the job row pg-boss's send writes, with the reservation, in one commit", async () => {
    const tenantId = `tenant-${randomUUID()}`;
    let written: OperationJob | null = null;
    const { reservation, wroteAlongside } = await services.usage.reserveAlong({ tenantId, ...ask }, (held) => {
      written = jobOf(tenantId, held);
      return services.aiQueue.jobRow(written);
    });
    expect(wroteAlongside).toBe(true);
    const sent = jobOf(tenantId, reservation);
    await jobs.boss.send(AI_OPERATION_QUEUE, sent, { id: sent.operationId, startAfter: 45 });

    const ours = await jobRow(written!.operationId);
    const boss = await jobRow(sent.operationId);
    expect(ours).toMatchObject({ name: AI_OPERATION_QUEUE, state: 'created', lease_seconds: 45, data: written });
    expect({ ...ours, data: null }).toEqual({ ...boss, data: null });
    const [period] = await database.query<{ reserved: string; fast_calls: number }>(
      'select reserved::text, fast_calls from usage_periods where tenant_id = $1',
      [tenantId],
    );
    expect(period).toEqual({ reserved: reservation.dollars, fast_calls: 1 });
  });

  it('writes no job when the reservation finds no room, and holds nothing', async () => {
    const tenantId = `tenant-${randomUUID()}`;
    // The free credit ($1) all but spent: the reservation's own condition refuses this call.
    await database.query(`insert into usage_periods (tenant_id, period, cost) values ($1, $2, 0.999999)`, [tenantId, periodOf(new Date())]);
    let written: OperationJob | null = null;
    const refused = services.usage.reserveAlong({ tenantId, ...ask }, (held) => {
      written = jobOf(tenantId, held);
      return services.aiQueue.jobRow(written);
    });
    await expect(refused).rejects.toMatchObject({ status: 402, code: 'budget_exceeded' });
    expect(await jobRow(written!.operationId)).toBeUndefined();
    const [period] = await database.query<{ reserved: string; fast_calls: number }>(
      'select reserved::text, fast_calls from usage_periods where tenant_id = $1',
      [tenantId],
    );
    expect(period).toEqual({ reserved: '0.000000', fast_calls: 0 });
  });

  it('holds several calls and writes all their jobs in one statement, or holds and writes none (docs/BILLING.md)', async () => {
    const tenantId = `tenant-${randomUUID()}`;
    const three = (tenant: string) => {
      const written: OperationJob[] = [];
      const hold = services.usage.reserveAlong({ tenantId: tenant, ...ask, heldByJob: true, count: 3 }, (held) => {
        written.push(...[1, 2, 3].map(() => jobOf(tenant, held)));
        const rows = written.map((job) => services.aiQueue.jobRow(job)!);
        return (source) => rows.map((row) => row(source));
      });
      return { hold, written };
    };
    const { hold, written } = three(tenantId);
    const { reservation, wroteAlongside } = await hold;
    expect(wroteAlongside).toBe(true);
    for (const job of written) expect(await jobRow(job.operationId)).toMatchObject({ name: AI_OPERATION_QUEUE, state: 'created', data: job });
    const [period] = await database.query<{ reserved: string; fast_calls: number }>(
      'select reserved::text, fast_calls from usage_periods where tenant_id = $1',
      [tenantId],
    );
    // One call's hold each, three held: each job settles its own.
    expect(period).toEqual({ reserved: (Number(reservation.dollars) * 3).toFixed(6), fast_calls: 3 });

    // The Free plan's 50 Fast calls with 48 used: two fit, three do not, and nothing is held or written.
    const full = `tenant-${randomUUID()}`;
    await database.query(`insert into usage_periods (tenant_id, period, fast_calls) values ($1, $2, 48)`, [full, periodOf(new Date())]);
    const refused = three(full);
    await expect(refused.hold).rejects.toMatchObject({ status: 402, code: 'budget_exceeded', details: { ranOut: 'fastCalls' } });
    for (const job of refused.written) expect(await jobRow(job.operationId)).toBeUndefined();
    const [after] = await database.query<{ reserved: string; fast_calls: number }>(
      'select reserved::text, fast_calls from usage_periods where tenant_id = $1',
      [full],
    );
    expect(after).toEqual({ reserved: '0.000000', fast_calls: 48 });
  });

  it('writes the job with a pay-as-you-go hold too, and none once the spending limit is reached', async () => {
    const tenantId = `tenant-${randomUUID()}`;
    // Pro's $20 credit spent, and a spending limit of one pay-as-you-go call.
    await database.query(`insert into usage_periods (tenant_id, period, cost) values ($1, $2, 20)`, [tenantId, periodOf(new Date())]);
    const tenantPlan = { plan: 'pro' as const, paygSpendingLimit: 0.01 };
    // The credit's hold is tried first and writes nothing: the job written is the last one built.
    let last: OperationJob | null = null;
    const hold = () =>
      services.usage.reserveAlong({ tenantId, ...ask, tenantPlan }, (held) => {
        last = jobOf(tenantId, held);
        return services.aiQueue.jobRow(last);
      });
    const first = await hold();
    expect(first).toMatchObject({ reservation: { payg: true, dollars: '0' }, wroteAlongside: true });
    expect(await jobRow(last!.operationId)).toMatchObject({ name: AI_OPERATION_QUEUE, state: 'created', data: last });
    await expect(hold()).rejects.toMatchObject({ status: 402, code: 'budget_exceeded' });
    expect(await jobRow(last!.operationId)).toBeUndefined();
    const [period] = await database.query<{ payg_calls: number; reserved: string }>(
      'select payg_calls, reserved::text from usage_periods where tenant_id = $1',
      [tenantId],
    );
    expect(period).toEqual({ payg_calls: 1, reserved: '0.000000' });
  });
});
