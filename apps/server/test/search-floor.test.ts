import { SEARCH_DEFAULTS } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { fakeEmbeddingsEnv, startFakeEmbeddings, type FakeEmbeddings } from './fakes/fake-embeddings';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

const database = await getTestDatabase();
const hasVector = database.kind === 'pglite' || (await database.query(`select 1 from pg_available_extensions where name = 'vector'`)).length > 0;

/** As if the writer stopped typing a minute ago: the index embeds only documents that have rested. */
const restAll = () => database.query("update files set content_updated_at = content_updated_at - interval '1 minute'");

type Result = { name: string; score: number };

/**
 * 'Match meaning' (POST /api/search/hybrid) through the real index and the fake embedding model:
 * a document found by meaning alone must reach the vector threshold (docs/SEARCH.md "Hybrid"),
 * so a query about nothing the writer has written answers nothing rather than noise.
 */
describe.runIf(hasVector)("hybrid search's relevance floor", () => {
  let t: TestApp;
  let fake: FakeEmbeddings;
  let alice: TestUser;
  let bob: TestUser;

  const create = async (user: TestUser, name: string, text: string) =>
    expect((await user.call('POST', '/api/files/create', { filePath: `${name}.txt`, content: doc(text) })).status).toBe(200);
  const hybrid = async (user: TestUser, body: Record<string, unknown>): Promise<Result[]> => {
    const res = await user.call('POST', '/api/search/hybrid', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as Result[];
  };

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    t = await createTestApp(fakeEmbeddingsEnv(fake));
    await resetDatabase(t.database);
    alice = await newUser(t.app, 'floor-alice');
    bob = await newUser(t.app, 'floor-bob');
    // Mostly about baking, with one word near a harbour ('quay'): about 0.24 like a query about docks.
    await create(alice, 'Apple pie recipe', 'Warm the oven, sift the flour, crumble the bread. A recipe from the bakery on the quay.');
    await create(bob, 'Apple pie recipe', 'Warm the oven, sift the flour, crumble the bread. A recipe from the bakery on the quay.');
    await create(bob, 'Harbour log', 'The ships came in to the port at dawn.');
    await restAll();
    expect(await t.services.semantic.indexStale()).toMatchObject({ indexed: 3, failed: 0 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers nothing when the only match by meaning is below the threshold, instead of an unrelated document', async () => {
    // 'wharf' is in no text: only meaning could find something, and the recipe is not close.
    expect(await hybrid(alice, { query: 'wharf' })).toEqual([]);
    // Asked for a lower floor, the same recipe comes back: the floor, not the index, left it out.
    const loose = await hybrid(alice, { query: 'wharf', threshold: 0.2 });
    expect(loose.map((r) => r.name)).toEqual(['Apple pie recipe']);
    expect(loose[0]!.score).toBeLessThan(SEARCH_DEFAULTS.threshold * SEARCH_DEFAULTS.vectorWeight);
  });

  it('still finds genuinely related text by meaning alone, and keeps what the words found', async () => {
    const byMeaning = await hybrid(bob, { query: 'wharf' });
    expect(byMeaning.map((r) => r.name)).toEqual(['Harbour log']);
    expect(byMeaning[0]!.score).toBeCloseTo(SEARCH_DEFAULTS.vectorWeight, 5);
    // 'bakery' is in the recipe's text: words found it, so it stays whatever its similarity.
    expect((await hybrid(bob, { query: 'bakery' })).map((r) => r.name)).toEqual(['Apple pie recipe']);
  });

  it('refuses a threshold outside 0–1', async () => {
    const res = await alice.call('POST', '/api/search/hybrid', { query: 'wharf', threshold: 1.5 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });
});
