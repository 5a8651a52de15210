import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createDatabase, type Database } from '../../src/db/db';
import { startJobs, type Jobs } from '../../src/jobs/jobs';
import { createServices } from '../../src/services';
import { createScratchDatabase, type ScratchDatabase } from './harness';

interface Started {
  database: Database;
  jobs: Jobs;
  services: ReturnType<typeof createServices>;
}

/** Everything a starting Bree sets up in the database: migrations, then pg-boss with every queue. */
async function setUp(url: string): Promise<Started> {
  const database = await createDatabase({ url, dataDir: 'memory://' });
  await database.migrate();
  const services = createServices({ database, config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }) });
  const jobs = await startJobs({ database, maintenance: services, voice: services.voice, ai: { queue: services.aiQueue }, log: pino({ level: 'silent' }) });
  // Its LISTEN connection is open before anything closes it: a stop never races a connect.
  await services.notifications?.ready();
  return { database, jobs, services };
}

/** Stops one as Bree stops: its LISTEN connection, the jobs, then the database. */
async function stop({ database, jobs, services }: Started): Promise<void> {
  await services.notifications?.close();
  await jobs.stop();
  await database.close();
}

describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('starting several Bree processes together on a new database', { timeout: 60_000 }, () => {
  let scratch: ScratchDatabase;
  const started: Started[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase('bree_start');
  });
  afterAll(async () => {
    for (const one of started) await stop(one);
    await scratch?.drop();
  });

  it('sets up three at once without a deadlock: migrations, pg-boss and its queues one process at a time', async () => {
    const results = await Promise.allSettled([setUp(scratch.url), setUp(scratch.url), setUp(scratch.url)]);
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const queues = await started[0]!.database.query<{ name: string }>('select name from pgboss.queue order by name');
    expect(queues.map((q) => q.name)).toEqual(expect.arrayContaining(['ai-operation', 'maintenance', 'voice-analyze', 'voice-refresh']));
  });
});
