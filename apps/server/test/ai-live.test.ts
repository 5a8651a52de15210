import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/db';
import { startJobs, type Jobs } from '../src/jobs/jobs';
import { AI_OPERATION_QUEUE } from '../src/modules/ai/operations/operations.queue';
import { createIdentity } from '../src/modules/identity/identity';
import type { Identity } from '../src/modules/identity/identity.types';
import { createServices, type Services } from '../src/services';
import { parseSse, type SseEvent } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import { DEFAULT_CHUNKS, startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { getTestDatabase, resetDatabase } from './harness';

const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

/** One Bree process: its own services (and so its own LISTEN connection), HTTP app and pg-boss, on one database. */
interface Instance {
  app: FastifyInstance;
  services: Services;
  database: Database;
  identity: Identity;
  jobs: Jobs;
  stop(): Promise<void>;
}

interface InstanceOptions {
  /** A database of its own (PostgreSQL: its own pool), so closing it cuts this process off like a crash. */
  ownDatabase?: boolean;
  now?: () => Date;
}

/** A job's lease as the heartbeat test shortens it: taken over two seconds after the last renewal. */
const SHORT_LEASE = { leaseSeconds: 2, heartbeatSeconds: 0.5 };

describe('AI operations and voice profiles across Bree processes on one database', () => {
  let fake: FakeAiProvider;
  const started: Instance[] = [];

  async function startInstance({ ownDatabase = false, now }: InstanceOptions = {}): Promise<Instance> {
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      AI_FAST_MODEL: 'openai-compatible:fake-fast',
      AI_OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      DEFAULT_PLAN: 'free',
    });
    const database = ownDatabase ? await createDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: 'memory://' }) : await getTestDatabase();
    const identity = await createIdentity({ config, database });
    const services = createServices({ database, config, now });
    const app = await buildApp({ config, database, identity, services });
    await app.ready();
    const jobs = await startJobs({
      database,
      maintenance: services,
      ai: { queue: services.aiQueue, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, ...SHORT_LEASE },
      log: pino({ level: 'silent' }),
    });
    // Listening before anything is sent: a message sent earlier would reach nobody here.
    await services.notifications?.ready();
    let stopped = false;
    const instance: Instance = {
      app,
      services,
      database,
      identity,
      jobs,
      async stop() {
        if (stopped) return;
        stopped = true;
        await app.close();
        await jobs.stop().catch(() => undefined);
        await identity.close().catch(() => undefined);
        if (ownDatabase) await database.close();
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

  /** The operation's event stream as a follower connected to `instance` receives it, to its end. */
  async function follow(instance: Instance, user: TestUser, operationId: string): Promise<{ status: number; events: SseEvent[] }> {
    const res = await instance.app.inject({
      method: 'GET',
      url: `/api/ai/operations/${operationId}/stream`,
      headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub },
    });
    return { status: res.statusCode, events: res.statusCode === 200 ? parseSse(res.body) : [] };
  }

  const deltaText = (events: SseEvent[]): string =>
    events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');

  it.runIf(onPostgres)(
    "streams an operation running on one process to a follower of another, from its first token, in order, with answers past NOTIFY's 8000 bytes",
    async () => {
      const a = await startInstance();
      const b = await startInstance();
      const me = await newUser(a.app, 'live-a');
      const other = await newUser(b.app, 'live-b');
      // Long chunks of non-ASCII text: the final answer alone is far over 8000 bytes.
      const chunks = Array.from({ length: 12 }, (_, i) => `Part ${i} é—✓ ${'ünïcödé words '.repeat(60)}\n\n`);
      fake.script({ kind: 'stream', chunks, intervalMs: 60 });
      fake.requests.length = 0;
      const operationId = await startEnhance(me);
      // Joined mid-generation: the running process replays what the follower missed.
      await expect.poll(() => fake.requests.length).toBe(1);

      const [followed, foreign] = await Promise.all([follow(b, me, operationId), follow(b, other, operationId)]);
      expect(foreign.status).toBe(404);
      expect(followed.status).toBe(200);
      expect(deltaText(followed.events)).toBe(chunks.join(''));
      const done = followed.events.at(-1);
      expect(done?.event).toBe('done');
      expect(JSON.stringify(done?.data)).toContain('Part 11 é—✓');
      // Run once, on the process that started it: the follower's process only relayed it.
      expect(fake.requests).toHaveLength(1);
    },
  );

  it.runIf(onPostgres)("forgets a voice profile in every process's prompt cache as soon as another process changes it", async () => {
    // A clock that never moves: only the notification can make a cached profile go.
    const frozen = new Date();
    const a = await startInstance({ now: () => frozen });
    const b = await startInstance({ now: () => frozen });
    const me = await newUser(a.app, 'voice-live');
    expect((await me.call('PUT', '/api/voice/profile', { userNotes: 'Short sentences, please.' })).status).toBe(200);
    expect(await b.services.voice.getPromptVoice({ tenantId: me.sub, text: 'a sentence to rewrite' })).toContain('Short sentences, please.');

    expect((await me.call('PUT', '/api/voice/profile', { userNotes: 'Long flowing sentences.' })).status).toBe(200);
    await expect.poll(() => b.services.voice.getPromptVoice({ tenantId: me.sub, text: 'a sentence to rewrite' })).toContain('Long flowing sentences.');
  });

  it.runIf(onPostgres)('renews the lease while a job runs; when its process dies, another takes the job over and finishes it', async () => {
    const a = await startInstance({ ownDatabase: true });
    const b = await startInstance();
    const me = await newUser(a.app, 'lease');
    // The first run streams slowly and never finishes on the dying process; the takeover gets the normal answer.
    fake.script({ kind: 'stream', chunks: Array.from({ length: 60 }, (_, i) => `slow${i} `), intervalMs: 500 });
    fake.script({ kind: 'stream', chunks: DEFAULT_CHUNKS, intervalMs: 800 });
    fake.requests.length = 0;
    const operationId = await startEnhance(me);
    await expect.poll(() => fake.requests.length).toBe(1);

    const leaseEnd = async () => (await b.jobs.boss.getJobById(AI_OPERATION_QUEUE, operationId))?.startAfter.getTime() ?? 0;
    const firstEnd = await leaseEnd();
    expect(firstEnd).toBeGreaterThan(Date.now());
    expect(firstEnd).toBeLessThan(Date.now() + SHORT_LEASE.leaseSeconds * 1000 + 1000);
    await expect.poll(leaseEnd, { timeout: 5000 }).toBeGreaterThan(firstEnd);

    // A follower on the other process, then the running process loses its database like a killed one:
    // no hand-back, no more heartbeats.
    const following = follow(b, me, operationId);
    await a.database.close();
    // The taken-over job runs as pg-boss's 'active' job: its heartbeat moves its expiry (15 minutes when fetched) to the short lease.
    const expiry = async () =>
      (
        await b.database.query<{ state: string; seconds: number }>(
          `select state, extract(epoch from expire_in)::float8 as seconds from pgboss.job where name = $1 and id = $2::uuid`,
          [AI_OPERATION_QUEUE, operationId],
        )
      )[0];
    await expect.poll(expiry, { timeout: 10_000 }).toMatchObject({ state: 'active', seconds: expect.any(Number) });
    await expect.poll(async () => (await expiry())?.seconds ?? Infinity, { timeout: 5000 }).toBeLessThan(60);
    const { status, events } = await following;
    expect(status).toBe(200);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(JSON.stringify(done?.data)).toContain(DEFAULT_CHUNKS.at(-1));
    expect(fake.requests).toHaveLength(2);
    await expect.poll(async () => (await b.jobs.boss.getJobById(AI_OPERATION_QUEUE, operationId))?.state, { timeout: 10_000 }).toBe('completed');
  });
});
