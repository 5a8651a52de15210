import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { createTestApp, resetDatabase, type TestApp } from './harness';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** Every label value of a Prometheus text exposition. */
function labelValues(text: string): string[] {
  return [...text.matchAll(/\{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/="((?:[^"\\]|\\.)*)"/g)].map((v) => v[1]!));
}

/** The value of one series, e.g. `bree_saves_total{outcome="committed"}`, or undefined without it. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404, as any unknown path, with or without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let writer: TestUser;
  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp({ METRICS_TOKEN: TOKEN }));
    await resetDatabase(t.database);
    writer = await newUser(t.app, 'metrics-writer', 'secret-writer@example.com');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 401 without the token or with another one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer wrong`, TOKEN, `Basic ${TOKEN}`]) {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } })).statusCode, authorization).toBe(401);
    }
    // The same route however the URL spells it.
    expect((await t.app.inject({ method: 'GET', url: '/%6detrics' })).statusCode).toBe(401);
  });

  it('exports requests by route pattern, saves by outcome, AI calls with tokens and cost, and process metrics — never a tenant, an address or a name', async () => {
    const created = await writer.call('POST', '/api/files/create', { filePath: 'Quarterly secret plan', content: doc('First words.') });
    const fileId = created.body.file.id as string;
    const save = (baseRevision: number, operationId: string, text: string) =>
      writer.call('POST', '/api/files/content-only-update', { fileId, content: doc(text), baseRevision, operationId });
    expect((await save(1, 'op-metrics-0001', 'Second words.')).status).toBe(200);
    expect((await save(1, 'op-metrics-0001', 'Second words.')).status).toBe(200);
    expect((await save(1, 'op-metrics-0002', 'Other words.')).status).toBe(409);
    expect((await save(2, 'op-metrics-0003', '   ')).body.saved).toBe(false);
    const started = await writer.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Second words.', nodeIds: ['s'] } });
    expect(started.status).toBe(200);
    expect((await readStream(writer, started.body.operationId)).events.at(-1)?.event).toBe('done');

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(valueOf(text, 'bree_saves_total{outcome="committed"}')).toBe(1);
    expect(valueOf(text, 'bree_saves_total{outcome="replayed"}')).toBe(1);
    expect(valueOf(text, 'bree_saves_total{outcome="conflict"}')).toBe(1);
    expect(valueOf(text, 'bree_saves_total{outcome="refused"}')).toBe(1);
    expect(valueOf(text, `bree_http_requests_total{method="POST",route="/api/files/content-only-update",status="409"}`)).toBe(1);
    expect(text).toMatch(/bree_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/files\/create",status="200"\} \d+/);
    const tier = started.body.tier as string;
    expect(valueOf(text, `bree_ai_calls_total{tier="${tier}",outcome="ok"}`)).toBe(1);
    expect(valueOf(text, `bree_ai_tokens_total{tier="${tier}",direction="output"}`)).toBeGreaterThan(0);
    expect(valueOf(text, `bree_ai_cost_dollars_total{tier="${tier}"}`)).toBeGreaterThan(0);
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'bree_voice_minutes_total']) {
      expect(text, name).toContain(`\n${name}`);
    }

    // PostgreSQL: this process's pool (PGlite has no pool).
    if (t.database.kind === 'postgres') expect(valueOf(text, 'bree_db_pool_connections{state="max"}')).toBe(10);
    else expect(text).not.toContain('bree_db_pool_connections{');

    const values = labelValues(text);
    expect(values.length).toBeGreaterThan(20);
    for (const secret of [writer.sub, fileId, 'secret-writer', 'example.com', 'Quarterly', 'secret plan']) {
      expect(
        values.filter((v) => v.includes(secret)),
        secret,
      ).toEqual([]);
    }
  });

  it('labels an unknown path as unmatched, never by the URL asked for', async () => {
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${writer.sub}` });
    const text = (await scrape()).body;
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain('no-such-thing');
  });
});
