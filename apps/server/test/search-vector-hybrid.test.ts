import { SEARCH_DEFAULTS } from '@bree/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PassageMatch, SemanticSearch } from '../src/modules/search/search.ports';
import { HYBRID_VECTOR_FLOOR } from '../src/modules/search/search.service';
import { doc, newUser, onApp, type TestUser } from './api-client';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from './harness';

type SearchCall = Parameters<SemanticSearch['searchDocuments']>[0];

/** A local meaning search: answers the passages a test sets, and records what the routes asked it. */
function fakeSemanticSearch() {
  const calls: SearchCall[] = [];
  let answer: PassageMatch[] = [];
  const port: SemanticSearch = {
    availability: () => ({ available: true, model: 'fake:embedding' }),
    searchDocuments: (input) => {
      calls.push(input);
      return Promise.resolve(answer.filter((m) => m.score >= input.threshold).slice(0, input.limit));
    },
  };
  return {
    port,
    calls,
    answer: (matches: PassageMatch[]) => {
      answer = matches;
    },
  };
}

/** POST /api/search/vector and /api/search/hybrid (docs/SEARCH.md) over the SemanticSearch port. */
describe('vector and hybrid search', () => {
  let off: TestApp;
  let on: TestApp;
  let me: TestUser;
  let other: TestUser;
  const fake = fakeSemanticSearch();

  const create = async (user: TestUser, filePath: string, text: string): Promise<string> => {
    const res = await user.call('POST', '/api/files/create', { filePath, content: doc(text) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.file.id as string;
  };
  const match = (fileId: string, score: number, passage = `passage of ${fileId}`): PassageMatch => ({ fileId, score, passage, passageOffset: 7 });

  beforeAll(async () => {
    // Emptied first: the issuer's keys live in the database, and both Brees here must share them.
    await resetDatabase(await getTestDatabase());
    off = await createTestApp();
    on = await createTestApp({}, { semanticSearch: fake.port });
    me = onApp(on.app, await newUser(off.app, 'semantic-me'));
    other = onApp(on.app, await newUser(off.app, 'semantic-other'));
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });
  beforeEach(() => {
    fake.calls.length = 0;
    fake.answer([]);
  });

  it('answers 503 vector_search_unavailable with the reason when meaning search is off, while text search works', async () => {
    const offMe = onApp(off.app, me);
    await create(offMe, 'Ferns.txt', 'Ferns grow in the shade.');
    for (const url of ['/api/search/vector', '/api/search/hybrid']) {
      const res = await offMe.call('POST', url, { query: 'ferns' });
      expect(res.status, url).toBe(503);
      expect(res.body.error.code).toBe('vector_search_unavailable');
      expect(res.body.error.message).toContain('AI_EMBEDDING_MODEL');
    }
    const text = await offMe.call('POST', '/api/search/text', { query: 'ferns' });
    expect(text.status).toBe(200);
    expect(text.body.results).toHaveLength(1);
  });

  it("presents the port's passages for the tenant's live documents, with Bree's search defaults", async () => {
    const near = await create(me, 'Orchard.txt', 'Apples ripen in autumn.');
    const far = await create(me, 'Garden.txt', 'Pears too.');
    const binned = await create(me, 'Binned pears.txt', 'Gone.');
    expect((await me.call('POST', '/api/files/delete', { filePath: 'Binned pears.txt' })).status).toBe(200);
    const foreign = await create(other, 'Their orchard.txt', 'Not yours.');
    // An index may still hold a binned or foreign id: the routes never show them.
    fake.answer([match(near, 0.93), match(binned, 0.9), match(foreign, 0.88), match(far, 0.81)]);

    const res = await me.call('POST', '/api/search/vector', { query: 'fruit in autumn' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mode).toBe('vector');
    expect(res.body.results).toEqual([
      expect.objectContaining({
        fileId: near,
        name: 'Orchard',
        isDraft: false,
        score: 0.93,
        passage: { text: `passage of ${near}`, highlights: [], offset: 7 },
      }),
      expect.objectContaining({ fileId: far, score: 0.81 }),
    ]);
    expect(fake.calls).toEqual([
      { tenantId: me.sub, query: 'fruit in autumn', limit: SEARCH_DEFAULTS.vectorLimit, threshold: SEARCH_DEFAULTS.threshold, includeDrafts: false },
    ]);

    const asked = await me.call('POST', '/api/search/vector', { query: 'fruit', limit: 1, threshold: 0.85, includeDrafts: true });
    expect(asked.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([near]);
    expect(fake.calls[1]).toMatchObject({ limit: 1, threshold: 0.85, includeDrafts: true });
  });

  it('shows a variant only with includeDrafts, even when the index returns it', async () => {
    const master = await create(me, 'Master.txt', 'The master text.');
    expect((await me.call('POST', '/api/workspaces/convert', { fileId: master })).status).toBe(200);
    const variant = (await me.call('POST', `/api/workspaces/${master}/variants`, { type: 'duplicate' })).body.variantId as string;
    fake.answer([match(variant, 0.95), match(master, 0.9)]);
    const hidden = await me.call('POST', '/api/search/vector', { query: 'master' });
    expect(hidden.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([master]);
    const shown = await me.call('POST', '/api/search/vector', { query: 'master', includeDrafts: true });
    expect(shown.body.results.map((r: { fileId: string; isDraft: boolean }) => [r.fileId, r.isDraft])).toEqual([
      [variant, true],
      [master, false],
    ]);
  });

  it('ranks documents by the weighted scores, showing the text passage when the text matched', async () => {
    const both = await create(me, 'Kestrel notes.txt', 'A kestrel hovers over the field.');
    const textOnly = await create(me, 'Birds.txt', 'Kestrel, kestrel, kestrel: the word again.');
    const meaningOnly = await create(me, 'Falcons.txt', 'Small falcons hunting voles.');
    fake.answer([match(meaningOnly, 0.9, 'Small falcons hunting voles.'), match(both, 0.8)]);

    const res = await me.call('POST', '/api/search/hybrid', { query: 'kestrel' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mode).toBe('hybrid');
    const results = res.body.results as Array<{ fileId: string; score: number; passage: { text: string; highlights: [number, number][] } }>;
    expect(results.map((r) => r.fileId)).toEqual([both, meaningOnly, textOnly]);
    const [first, second, third] = results;
    // 'Kestrel notes' matches in its name: the best text rank (1); 0.3 × 1 + 0.7 × 0.8.
    expect(first!.score).toBeCloseTo(0.3 + 0.7 * 0.8);
    expect(second!.score).toBeCloseTo(0.7 * 0.9);
    expect(third!.score).toBeGreaterThan(0);
    expect(third!.score).toBeLessThan(0.3);
    expect(first!.passage.highlights.length).toBeGreaterThan(0);
    expect(second!.passage).toEqual({ text: 'Small falcons hunting voles.', highlights: [], offset: 7 });
    expect(fake.calls).toEqual([{ tenantId: me.sub, query: 'kestrel', limit: 30, threshold: HYBRID_VECTOR_FLOOR, includeDrafts: false }]);

    const textFirst = await me.call('POST', '/api/search/hybrid', { query: 'kestrel', vectorWeight: 0, textWeight: 1, limit: 2 });
    expect(textFirst.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([both, textOnly]);
  });

  it('refuses weights that are both 0, and another tenant in the body', async () => {
    const zero = await me.call('POST', '/api/search/hybrid', { query: 'x', vectorWeight: 0, textWeight: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.code).toBe('validation_failed');
    for (const url of ['/api/search/vector', '/api/search/hybrid']) {
      const res = await me.call('POST', url, { tenantId: other.sub, query: 'anything' });
      expect(res.status, url).toBe(403);
      expect(res.body.error.code).toBe('tenant_mismatch');
    }
    expect(fake.calls).toEqual([]);
  });
});
