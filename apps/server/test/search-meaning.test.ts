import { searchResponseSchema } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { fakeEmbeddingsEnv, startFakeEmbeddings, type FakeEmbeddings } from './fakes/fake-embeddings';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const database = await getTestDatabase();
const hasVector = database.kind === 'pglite' || (await database.query(`select 1 from pg_available_extensions where name = 'vector'`)).length > 0;

/** POST /api/search/vector and /api/search/hybrid with Bree's own meaning search and a local embedding server. */
describe('search by meaning over HTTP', () => {
  let t: TestApp;
  let fake: FakeEmbeddings;
  let alice: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    await resetDatabase(database);
    t = await createTestApp(fakeEmbeddingsEnv(fake));
    alice = await newUser(t.app, 'meaning-alice');
    bob = await newUser(t.app, 'meaning-bob');
    for (const [user, name, text] of [
      [alice, 'Ferry', 'Ships in the port at dawn.'],
      [alice, 'Walk', 'The summit at noon, and a ship far below.'],
      [alice, 'Bread', 'Flour and an oven.'],
      [bob, 'Quay', 'The quay at night.'],
    ] as const) {
      const res = await user.call('POST', '/api/files/create', { filePath: name, content: doc(text) });
      expect(res.status).toBe(200);
      ids[name] = res.body.file.id as string;
    }
    // As if the writers stopped typing a minute ago: the index embeds documents that have rested.
    await database.query("update files set content_updated_at = content_updated_at - interval '1 minute'");
    if (hasVector) expect(await t.services.semantic.indexStale()).toMatchObject({ indexed: 4 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it.runIf(hasVector)('finds the document about a port for a query about a harbour, with its passage, above the threshold only', async () => {
    const res = await alice.call('POST', '/api/search/vector', { query: 'harbour' });
    expect(res.status).toBe(200);
    const body = searchResponseSchema.parse(res.body);
    expect(body.mode).toBe('vector');
    // 'Walk' is half summit, half ship: cos 45° ≈ 0.71 passes the default threshold of 0.7.
    expect(body.results.map((r) => r.fileId)).toEqual([ids.Ferry, ids.Walk]);
    expect(body.results[0]).toMatchObject({ name: 'Ferry', isDraft: false });
    expect(body.results[0]!.passage).toMatchObject({ text: 'Ships in the port at dawn.', offset: 0 });
    expect(body.results[0]!.score).toBeGreaterThan(body.results[1]!.score);

    const strict = await alice.call('POST', '/api/search/vector', { query: 'harbour', threshold: 0.9 });
    expect(strict.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([ids.Ferry]);
  });

  it.runIf(hasVector)('ranks by meaning in hybrid search too, where the words alone find nothing', async () => {
    const res = await alice.call('POST', '/api/search/hybrid', { query: 'harbour' });
    expect(res.status).toBe(200);
    const body = searchResponseSchema.parse(res.body);
    expect(body.mode).toBe('hybrid');
    expect(body.results[0]!.fileId).toBe(ids.Ferry);
    expect(body.results.map((r) => r.fileId)).not.toContain(ids.Bread);
  });

  it.runIf(hasVector)("never answers another tenant's documents", async () => {
    const mine = await bob.call('POST', '/api/search/vector', { query: 'harbour' });
    expect(mine.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([ids.Quay]);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/search/vector',
      headers: { authorization: `Bearer ${bob.token}`, 'x-tenant-id': alice.sub },
      payload: { query: 'harbour' },
    });
    expect(spoofed.statusCode).toBe(403);
  });

  it.runIf(!hasVector)('answers 503 vector_search_unavailable naming pgvector on a PostgreSQL without it, while text search works', async () => {
    for (const url of ['/api/search/vector', '/api/search/hybrid']) {
      const res = await alice.call('POST', url, { query: 'harbour' });
      expect(res.status, url).toBe(503);
      expect(res.body.error.code).toBe('vector_search_unavailable');
      expect(res.body.error.message).toContain('pgvector');
    }
    const text = await alice.call('POST', '/api/search/text', { query: 'port' });
    expect(text.status).toBe(200);
    expect(text.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([ids.Ferry]);
    expect(fake.requests).toHaveLength(0);
  });
});
