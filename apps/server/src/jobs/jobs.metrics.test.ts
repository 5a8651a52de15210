import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, resetDatabase, type TestApp } from '../../test/harness';
import { createMetrics } from '../modules/metrics/metrics';
import { startJobs, type Jobs } from './jobs';

describe('job queue metrics', () => {
  let t: TestApp;
  let jobs: Jobs;
  const metrics = createMetrics({ defaults: false });

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    jobs = await startJobs({ database: t.database, maintenance: t.services, metrics, log: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t.close();
  });

  it("reports each queue's waiting jobs and the age of its oldest, read from pg-boss at the scrape", async () => {
    // A queue nobody works: its jobs wait.
    await jobs.boss.createQueue('metrics-probe');
    await jobs.boss.send('metrics-probe', {});
    await jobs.boss.send('metrics-probe', {});
    await t.database.query(`update pgboss.job set created_on = now() - interval '90 seconds' where name = 'metrics-probe'`);
    const { body } = await metrics.exposition();
    expect(body).toContain('bree_job_queue_depth{queue="metrics-probe"} 2');
    const age = Number(/bree_job_queue_oldest_age_seconds\{queue="metrics-probe"\} ([\d.]+)/.exec(body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(600);
  });
});
