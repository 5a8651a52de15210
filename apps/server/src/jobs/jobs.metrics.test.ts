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
    // A queue nobody works: its jobs wait. Named afresh: pg-boss's schema outlives a test database's reset.
    const queue = `metrics-probe-${Date.now()}`;
    await jobs.boss.createQueue(queue);
    await jobs.boss.send(queue, {});
    await jobs.boss.send(queue, {});
    await t.database.query(`update pgboss.job set created_on = now() - interval '90 seconds' where name = $1`, [queue]);
    const { body } = await metrics.exposition();
    expect(body).toContain(`bree_job_queue_depth{queue="${queue}"} 2`);
    const age = Number(new RegExp(`bree_job_queue_oldest_age_seconds\\{queue="${queue}"\\} ([\\d.]+)`).exec(body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(89);
    expect(age).toBeLessThan(600);
    // A queue with nothing to do is there, at 0.
    expect(body).toMatch(/bree_job_queue_depth\{queue="[a-z-]+"\} 0/);
  });
});
