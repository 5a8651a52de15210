import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { AI_OPERATION_QUEUE } from '../src/modules/ai/operations/operations.queue';
import { startJobs, type Jobs } from '../src/jobs/jobs';
import { createIdentity } from '../src/modules/identity/identity';
import type { Identity } from '../src/modules/identity/identity.types';
import { createServices } from '../src/services';
import { readStream } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import { DEFAULT_CHUNKS, startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { getTestDatabase, resetDatabase } from './harness';

/** One Bree process: HTTP app, services and pg-boss jobs on the shared test database. */
interface Instance {
  app: FastifyInstance;
  identity: Identity;
  jobs: Jobs;
  /** A shutdown as on SIGTERM: requests drained (running generations handed back), then jobs stopped. */
  stop(): Promise<void>;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('AI operations as pg-boss jobs', () => {
  let fake: FakeAiProvider;
  const started: Instance[] = [];

  /** Starts a Bree; with `jobsLater`, its pg-boss starts only when `startJobs` is called (as right after a restart). */
  async function startInstance({ jobsLater = false } = {}): Promise<Instance & { startJobs(): Promise<void> }> {
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      AI_FAST_MODEL: 'openai-compatible:fake-fast',
      AI_OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      DEFAULT_PLAN: 'free',
    });
    const database = await getTestDatabase();
    const identity = await createIdentity({ config, database });
    const services = createServices({ database, config });
    const app = await buildApp({ config, database, identity, services });
    await app.ready();
    let jobs: Jobs | null = null;
    const startJobsNow = async () => {
      jobs = await startJobs({
        database,
        maintenance: services,
        ai: { queue: services.aiQueue, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
        log: pino({ level: 'silent' }),
      });
    };
    if (!jobsLater) await startJobsNow();
    let stopped = false;
    const instance = {
      app,
      identity,
      get jobs(): Jobs {
        if (!jobs) throw new Error('jobs not started');
        return jobs;
      },
      startJobs: startJobsNow,
      async stop() {
        if (stopped) return;
        stopped = true;
        await app.close();
        await jobs?.stop();
        await identity.close();
      },
    };
    started.push(instance);
    return instance;
  }

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    await resetDatabase(await getTestDatabase());
  });
  afterAll(async () => {
    for (const instance of started) await instance.stop();
    await fake.close();
  });

  async function startEnhance(user: TestUser): Promise<string> {
    const fileId = (await user.call('POST', '/api/files/create', { content: doc('Intro.', 'rough draft words') })).body.file.id as string;
    const res = await user.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'rough draft words', nodeIds: ['n1'] },
    });
    expect(res.status).toBe(200);
    return res.body.operationId as string;
  }

  it('queues an operation as a job before answering, runs it at once and removes the job once its answer is stored', async () => {
    const bree = await startInstance();
    const me = await newUser(bree.app, 'jobs-ai');
    // Paced, so the job is surely still running when it is looked at.
    fake.script({ kind: 'stream', chunks: DEFAULT_CHUNKS, intervalMs: 150 });
    const operationId = await startEnhance(me);
    const job = await bree.jobs.boss.getJobById(AI_OPERATION_QUEUE, operationId);
    expect(job?.data).toMatchObject({ operationId, tenantId: me.sub, action: 'enhance', tier: 'fast' });

    const { events } = await readStream(me, operationId);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(DEFAULT_CHUNKS.join(''));
    expect(events.at(-1)?.event).toBe('done');
    // Held under a lease while it runs here (45 s, renewed by a heartbeat), so no poller starts it twice.
    expect(job?.state).toBe('created');
    expect(job!.startAfter.getTime()).toBeGreaterThan(Date.now());
    expect(job!.startAfter.getTime()).toBeLessThanOrEqual(job!.createdOn.getTime() + 45_000);
    const gone = await until(
      async () => bree.jobs.boss.getJobById(AI_OPERATION_QUEUE, operationId),
      (j) => j === null,
      'the job to go',
    );
    expect(gone).toBeNull();
    await bree.stop();
  });

  it('refuses a writer over budget with 402 before anything is queued or called: no job row, no provider call, nothing held', async () => {
    const bree = await startInstance();
    const me = await newUser(bree.app, 'jobs-over-budget');
    const fileId = (await me.call('POST', '/api/files/create', { content: doc('Intro.', 'rough draft words') })).body.file.id as string;
    const database = await getTestDatabase();
    // The Free plan's whole credit spent this month.
    await database.query(`insert into usage_periods (tenant_id, period, cost) values ($1, $2, 1) on conflict (tenant_id, period) do update set cost = 1`, [
      me.sub,
      new Date().toISOString().slice(0, 7),
    ]);
    const calls = fake.requests.length;
    const res = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'rough draft words', nodeIds: ['n1'] },
    });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('budget_exceeded');
    const jobs = await database.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and data->>'tenantId' = $2`, [
      AI_OPERATION_QUEUE,
      me.sub,
    ]);
    expect(jobs[0]?.n).toBe(0);
    expect(fake.requests.length).toBe(calls);
    const [period] = await database.query<{ reserved: string; fast_calls: number }>(
      `select reserved::text as reserved, fast_calls from usage_periods where tenant_id = $1`,
      [me.sub],
    );
    expect(period).toMatchObject({ reserved: '0.000000', fast_calls: 0 });
    await bree.stop();
  });

  it('hands a generation cut by a shutdown back to the queue; the next Bree finishes it and meters it once', async () => {
    const first = await startInstance();
    const me = await newUser(first.app, 'restart');
    const other = await newUser(first.app, 'other');
    // The first attempt streams slowly enough to be cut by the shutdown; the retry gets the normal answer.
    fake.script({ kind: 'stream', chunks: Array.from({ length: 40 }, (_, i) => `slow${i} `), intervalMs: 50 });
    fake.requests.length = 0;
    const operationId = await startEnhance(me);
    await until(
      async () => fake.requests.length,
      (n) => n === 1,
      'the provider call',
    );
    // An author following the stream over real HTTP, with the first tokens already on screen.
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = first.app.server.address() as AddressInfo;
    const live = await fetch(`http://127.0.0.1:${port}/api/ai/operations/${operationId}/stream`, {
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
    });
    const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('event: delta')) received += (await reader.read()).value ?? '';
    await first.stop();
    // The shutdown does not wait for the generation (the job is handed back, below) nor leave the
    // open stream hanging: it ends without an answer, and the client reconnects to follow it elsewhere.
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value;
    expect(received).not.toContain('event: done');
    expect(received).not.toContain('event: error');

    const handedBack = await first.jobs.boss.getJobById<{ fileId: string }>(AI_OPERATION_QUEUE, operationId);
    expect(handedBack?.state).toBe('retry');
    // The next Bree answers the author before its own pg-boss has started: it knows the job is coming.
    const second = await startInstance({ jobsLater: true });
    const stillWaiting = await second.app.inject({
      method: 'GET',
      url: `/api/background-responses/${handedBack!.data.fileId}`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
    });
    expect(stillWaiting.json().responses).toEqual([]);
    // Another tenant cannot follow it, even while it waits in the queue.
    const foreign = await second.app.inject({
      method: 'GET',
      url: `/api/ai/operations/${operationId}/stream`,
      headers: { authorization: `Bearer ${other.token}`, 'x-tenant-id': other.sub },
    });
    expect(foreign.statusCode).toBe(404);

    // The author's stream, opened on the new process, ends with the full answer of the retried job.
    const following = second.app.inject({
      method: 'GET',
      url: `/api/ai/operations/${operationId}/stream`,
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
    });
    await second.startJobs();
    const res = await following;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('event: done');
    expect(res.body).toContain('Polished second paragraph.');
    expect(res.body).not.toContain('slow0');
    expect(fake.requests).toHaveLength(2);
    const done = await until(
      async () => (await second.jobs.boss.getJobById(AI_OPERATION_QUEUE, operationId))?.state,
      (s) => s === 'completed',
      'the retried job',
    );
    expect(done).toBe('completed');

    const usage = await second.app.inject({
      method: 'GET',
      url: '/api/usage/current',
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub },
    });
    // One call, metered with the usage the completed attempt reported (the fake's default 100 in + 20 out).
    expect(usage.json()).toMatchObject({ fastCalls: 1, fastTokens: 120 });
    await second.stop();
  });
});
