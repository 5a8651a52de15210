import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_OPERATION_QUEUE } from '../../src/modules/ai/operations/operations.queue';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from '../fakes/fake-ai-provider';
import { startCluster, type Backend, type Cluster } from './harness';
import { httpApi, httpSignUp } from './http-sign-in';

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/** One server-sent event and when it reached the test. */
interface TimedEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

/** An SSE answer being read: `events` grows as they arrive; `finished` resolves with the status at its end. */
interface LiveStream {
  events: TimedEvent[];
  finished: Promise<number>;
}

/**
 * Reads an SSE answer as it arrives, so the test sees when each event came (a body read whole
 * would hide whether the deltas were live). Blocks without data (keep-alive comments) are skipped.
 */
function readEventsLive(url: string, headers: Record<string, string>): LiveStream {
  const events: TimedEvent[] = [];
  const finished = (async () => {
    const res = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
    if (res.status !== 200 || !res.body) return res.status;
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of res.body) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (data === undefined) continue;
        events.push({ event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message', data: JSON.parse(data) as Record<string, unknown>, at: Date.now() });
      }
    }
    return res.status;
  })();
  return { events, finished };
}

/** Polls `check` until it holds, failing after `withinMs`. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Real processes on a real PostgreSQL: only in the PostgreSQL run (scripts/test-postgres.mjs).
describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('AI operations across two Bree processes', { timeout: 60_000 }, () => {
  let fake: FakeAiProvider;
  let cluster: Cluster;
  let session: { accessToken: string; sub: string };
  let api: ReturnType<typeof httpApi>;
  let fileId: string;

  const backend = (name: string): Backend => {
    const found = cluster.backends.find((b) => b.name === name);
    if (!found) throw new Error(`No backend ${name}.`);
    return found;
  };
  const authHeaders = () => ({ authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': session.sub });
  const followOn = (name: string, operationId: string) => readEventsLive(`${backend(name).url}/api/ai/operations/${operationId}/stream`, authHeaders());

  async function startOperationOn(name: string): Promise<string> {
    cluster.proxy.sendNextTo(name);
    const started = await api('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'rough draft words', nodeIds: ['n1'] },
    });
    expect(started.status).toBe(200);
    return String(started.body.operationId);
  }

  async function jobState(operationId: string): Promise<string | undefined> {
    const client = new pg.Client({ connectionString: cluster.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ state: string }>('select state from pgboss.job where name = $1 and id = $2::uuid', [
        AI_OPERATION_QUEUE,
        operationId,
      ]);
      return rows[0]?.state;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    // LOG_LEVEL info: the test waits for each process's 'background jobs started' line.
    cluster = await startCluster({ count: 2, env: { ...fakeAiEnv(fake), LOG_LEVEL: 'info' } });
    // Until pg-boss runs, an operation runs in its process only; the proof needs it as a job.
    for (const b of cluster.backends) await waitFor(`background jobs on ${b.name}`, () => b.output().includes('background jobs started'), 30_000);
    session = await httpSignUp(cluster.url, { email: 'ai@example.com', password: 'a long password' });
    api = httpApi(cluster.url, session);
    const created = await api('POST', '/api/files/create', { filePath: 'Draft', content: doc('Intro.', 'rough draft words') });
    expect(created.status).toBe(200);
    fileId = String(created.body.file.id);
  }, 90_000);
  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  it('streams an operation running on A to a follower on B live, then its done with the whole answer', async () => {
    const chunks = ['Polished ', 'opening, ', 'then ', 'a steady ', 'middle ', 'and a clean end.'];
    const intervalMs = 400;
    fake.script({ kind: 'stream', chunks, intervalMs });
    const requestsBefore = fake.requests.length;
    const operationId = await startOperationOn('A');
    await waitFor('the provider to receive the request', () => fake.requests.length === requestsBefore + 1, 10_000);

    const { events, finished } = followOn('B', operationId);
    expect(await finished).toBe(200);
    const deltas = events.filter((e) => e.event === 'delta');
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    // Live: deltas came one by one while the provider was still producing, well before done.
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    expect(done!.at - deltas[0]!.at).toBeGreaterThanOrEqual(intervalMs);
    expect(deltas.map((e) => e.data.text).join('')).toBe(chunks.join(''));
    const response = done!.data.response as { operationId: string; status: string; response: { generatedContent: string } };
    expect(response.operationId).toBe(operationId);
    expect(response.status).toBe('completed');
    expect(response.response.generatedContent).toBe(chunks.join(''));
    // Generated once, by A: B only relayed it.
    expect(fake.requests).toHaveLength(requestsBefore + 1);
  });

  it('a cancel asked of B stops the operation A runs: its follower is told, nothing is stored, the job goes and the hold is settled', async () => {
    fake.script({ kind: 'stream', chunks: Array.from({ length: 100 }, (_, i) => `slow${i} `), intervalMs: 1000 });
    const requestsBefore = fake.requests.length;
    const operationId = await startOperationOn('A');
    await waitFor('the provider to receive the request', () => fake.requests.length === requestsBefore + 1, 10_000);
    const { events, finished } = followOn('B', operationId);
    await waitFor('a delta of A relayed by B', () => events.some((e) => e.event === 'delta'), 10_000);

    cluster.proxy.sendNextTo('B');
    expect(await api('POST', `/api/ai/operations/${operationId}/cancel`)).toEqual({ status: 200, body: { stopped: true } });
    // A got the cancel over the live channel: it stopped the call and told everyone.
    expect(await finished).toBe(200);
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { code: 'operation_cancelled' } });
    expect(events.filter((e) => e.event === 'delta').length).toBeLessThan(5);
    await waitFor('the job to be gone', async () => (await jobState(operationId)) === undefined, 10_000);
    const listed = await api('GET', `/api/background-responses/${fileId}`);
    expect((listed.body.responses as { operationId: string }[]).some((r) => r.operationId === operationId)).toBe(false);
    expect((await api('GET', '/api/usage/current')).body).toMatchObject({ reserved: 0 });
    expect(fake.requests).toHaveLength(requestsBefore + 1);
  });

  it('when A is killed mid-operation, B takes the job over after its lease and its follower gets the answer of that run', async () => {
    // The run on A streams for minutes; the takeover's run answers at once.
    fake.script({ kind: 'stream', chunks: Array.from({ length: 300 }, (_, i) => `slow${i} `), intervalMs: 1000 });
    const takeoverChunks = ['Taken over ', 'and finished.'];
    fake.script({ kind: 'stream', chunks: takeoverChunks });
    const requestsBefore = fake.requests.length;
    const operationId = await startOperationOn('A');
    await waitFor('the provider to receive the request', () => fake.requests.length === requestsBefore + 1, 10_000);
    expect(await jobState(operationId)).toBe('created');

    const { events, finished } = followOn('B', operationId);
    // Killed only once B relays A's run: the follower then has to move from live events to the stored answer.
    await waitFor('a delta of A relayed by B', () => events.some((e) => e.event === 'delta'), 10_000);
    const killedAt = Date.now();
    await backend('A').kill();
    expect(cluster.backends.map((b) => b.name)).toEqual(['B']);

    expect(await finished).toBe(200);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    const response = done!.data.response as { operationId: string; status: string; response: { generatedContent: string } };
    expect(response.operationId).toBe(operationId);
    expect(response.status).toBe('completed');
    expect(response.response.generatedContent).toBe(takeoverChunks.join(''));
    // The answer came from a second run, after A's lease ran out (45 s at most after its last heartbeat).
    expect(fake.requests).toHaveLength(requestsBefore + 2);
    expect(Date.now() - killedAt).toBeLessThan(60_000);

    // Stored and settled: B lists the response, and the job is completed.
    const listed = await api('GET', `/api/background-responses/${fileId}`);
    expect(listed.status).toBe(200);
    const stored = (listed.body.responses as { operationId: string; status: string }[]).find((r) => r.operationId === operationId);
    expect(stored?.status).toBe('completed');
    await waitFor('the job to be completed', async () => (await jobState(operationId)) === 'completed', 10_000);
  }, 120_000);
});
