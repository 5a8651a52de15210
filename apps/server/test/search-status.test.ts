import { searchStatusSchema } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { fakeEmbeddingsEnv, startFakeEmbeddings, type FakeEmbeddings } from './fakes/fake-embeddings';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const database = await getTestDatabase();
const hasVector = database.kind === 'pglite' || (await database.query(`select 1 from pg_available_extensions where name = 'vector'`)).length > 0;

/** As if the writer stopped typing a minute ago: the index embeds only documents that have rested. */
const restAll = () => database.query("update files set content_updated_at = content_updated_at - interval '1 minute'");

describe('GET /api/search/status with an embedding model', () => {
  let t: TestApp;
  let fake: FakeEmbeddings;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    t = await createTestApp(fakeEmbeddingsEnv(fake));
    await resetDatabase(t.database);
    alice = await newUser(t.app, 'alice');
    bob = await newUser(t.app, 'bob');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it.runIf(hasVector)("counts the tenant's documents and those indexed, and follows the index job", async () => {
    for (const [name, text] of [
      ['Port', 'Ships in the port.'],
      ['Peak', 'The summit at noon.'],
      ['Bread', 'Flour and an oven.'],
    ] as const)
      expect((await alice.call('POST', '/api/files/create', { filePath: name, content: doc(text) })).status).toBe(200);
    await bob.call('POST', '/api/files/create', { filePath: 'Quay', content: doc('The quay.') });

    const before = await alice.call('GET', '/api/search/status');
    expect(before.status).toBe(200);
    expect(searchStatusSchema.parse(before.body)).toEqual({
      semantic: { available: true, model: 'openai-compatible:fake-embed' },
      indexed: 0,
      total: 3,
      indexing: true,
    });

    await restAll();
    expect(await t.services.semantic.indexStale()).toMatchObject({ indexed: 4 });
    expect((await alice.call('GET', '/api/search/status')).body).toMatchObject({ indexed: 3, total: 3, indexing: false });
    expect((await bob.call('GET', '/api/search/status')).body).toMatchObject({ indexed: 1, total: 1, indexing: false });

    const found = await t.services.semantic.searchDocuments({ tenantId: alice.sub, query: 'harbour', limit: 10, threshold: 0.7, includeDrafts: false });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ passage: 'Ships in the port.', passageOffset: 0, score: 1 });

    // A deleted document leaves the count at once, and its passages at the next run.
    expect((await alice.call('DELETE', `/api/files/${encodeURIComponent(alice.sub)}/${encodeURIComponent('Peak.txt')}`)).status).toBe(200);
    expect((await alice.call('GET', '/api/search/status')).body).toMatchObject({ indexed: 2, total: 2 });
  });

  it.runIf(!hasVector)('says the database has no pgvector, and stays usable', async () => {
    const res = await alice.call('GET', '/api/search/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ semantic: { available: false, reason: 'no_extension' }, indexed: 0, total: 0, indexing: false });
    expect(res.body.semantic.message).toContain('pgvector');
    expect((await alice.call('POST', '/api/files/create', { filePath: 'Still', content: doc('Works.') })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/status' });
    expect(res.statusCode).toBe(401);
  });

  it("refuses another tenant's index (403 tenant_mismatch)", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/search/status',
      headers: { authorization: `Bearer ${alice.token}`, 'x-tenant-id': bob.sub },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'tenant_mismatch' } });
  });
});

describe('GET /api/search/status without an embedding model', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says meaning search needs AI_EMBEDDING_MODEL', async () => {
    const me = await newUser(t.app, 'plain');
    const res = await me.call('GET', '/api/search/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ semantic: { available: false, reason: 'no_model' }, indexed: 0, total: 0, indexing: false });
    expect(res.body.semantic.message).toContain('AI_EMBEDDING_MODEL');
  });
});
