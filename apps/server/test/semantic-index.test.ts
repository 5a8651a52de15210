import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/db';
import { createEmbeddingGateway } from '../src/modules/ai/ai.embedding';
import { createMeteredEmbedding } from '../src/modules/ai/ai.metered';
import { createFilesRepository } from '../src/modules/files/files.repository';
import { createSemanticSearch, type SemanticSearchService } from '../src/modules/search/semantic/semantic.service';
import { createServices } from '../src/services';
import { createUsageService } from '../src/modules/usage/usage.service';
import { fakeEmbeddingsEnv, fakeTokens, startFakeEmbeddings, type FakeEmbeddings } from './fakes/fake-embeddings';
import { getTestDatabase, resetDatabase } from './harness';

const database: Database = await getTestDatabase();
/** pgvector is always in the embedded database; a PostgreSQL server has it only where it was installed. */
const hasVector = database.kind === 'pglite' || (await database.query(`select 1 from pg_available_extensions where name = 'vector'`)).length > 0;

/** The index and search over the worker's database, embedding through the fake server with `model`. */
function semanticWith(fake: FakeEmbeddings, model = 'fake-embed'): SemanticSearchService {
  const config = loadConfig(fakeEmbeddingsEnv(fake, model));
  const usage = createUsageService({ db: database.db, plan: 'self-hosted', now: () => new Date() });
  const embedding = createMeteredEmbedding({ embedder: createEmbeddingGateway({ config }), usage });
  return createSemanticSearch({ query: (text, params) => database.query(text, params), embedding, now: () => new Date(), settleMs: 0 });
}

describe.runIf(hasVector)('search by meaning over embedded passages', () => {
  let fake: FakeEmbeddings;
  let semantic: SemanticSearchService;
  const files = createFilesRepository({ db: database.db });
  let n = 0;

  async function add(tenantId: string, text: string, metadata: Record<string, unknown> = {}): Promise<string> {
    const id = `doc${++n}`;
    await files.insert({
      id,
      tenantId,
      path: `${id}.txt`,
      name: id,
      isRepository: false,
      content: { type: 'doc', content: [] },
      contentText: text,
      contentSize: text.length,
      wordCount: 0,
      authorship: { textChars: 0, aiChars: 0 },
      editorVersion: 2,
      metadata,
      now: new Date(),
    });
    return id;
  }
  const edit = (id: string, text: string) => database.query('update files set content_text = $2, content_updated_at = now() where id = $1', [id, text]);
  const search = (tenantId: string, query: string, opts: { threshold?: number; includeDrafts?: boolean } = {}) =>
    semantic.searchDocuments({ tenantId, query, limit: 10, threshold: opts.threshold ?? 0.5, includeDrafts: opts.includeDrafts ?? false });

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    semantic = semanticWith(fake);
    expect(await semantic.prepare()).toEqual({ available: true, model: 'openai-compatible:fake-embed' });
  });
  beforeEach(async () => {
    await resetDatabase(database);
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await fake.close();
  });

  it('finds a passage about a port for a query about a harbour, above unrelated text, and leaves out what is below the threshold', async () => {
    const port = await add('alice', 'The ferry left the port at dawn, below the mountain.');
    const mixed = await add('alice', 'We walked along the quay, then baked bread in the oven with flour and a recipe.');
    await add('alice', 'The mountain peak rose above the ridge.');
    expect(await semantic.indexStale()).toMatchObject({ indexed: 3, failed: 0 });

    const found = await search('alice', 'harbour');
    expect(found.map((m) => m.fileId)).toEqual([port]);
    // Half harbour, half mountain: cos 45°.
    expect(found[0]!.score).toBeCloseTo(Math.SQRT1_2, 5);
    expect(found[0]!.passage).toBe('The ferry left the port at dawn, below the mountain.');
    expect(found[0]!.passageOffset).toBe(0);

    const loose = await search('alice', 'harbour', { threshold: 0.1 });
    expect(loose.map((m) => m.fileId)).toEqual([port, mixed]);
    expect(loose[0]!.score).toBeGreaterThan(loose[1]!.score);
    expect(await search('alice', 'harbour', { threshold: 0.75 })).toEqual([]);
  });

  it('answers one match per document with its best passage and where that passage starts', async () => {
    // 600 words of small talk, cut into passages, before the one paragraph about a harbour.
    const intro = Array.from({ length: 40 }, (_, i) => `On day ${i} we walked for hours and talked about nothing much at all, then home.`).join(' ');
    const text = `${intro}\n\nAt last the ships came into the harbour and the pier was full.`;
    const id = await add('alice', text);
    await semantic.indexStale();
    const [match, ...rest] = await search('alice', 'port');
    expect(rest).toEqual([]);
    expect(match!.fileId).toBe(id);
    expect(text.slice(match!.passageOffset, match!.passageOffset + match!.passage.length)).toBe(match!.passage);
    expect(match!.passage).toContain('the pier was full');
    expect(match!.passageOffset).toBeGreaterThan(0);
    expect(Number((await database.query<{ n: number }>('select count(*)::int as n from file_passages where file_id = $1', [id]))[0]!.n)).toBeGreaterThan(2);
  });

  it('leaves out workspace variants unless drafts are asked for, and never shows another tenant its documents', async () => {
    const master = await add('alice', 'Our port and its docks.', { masterFileId: 'm', isMaster: true });
    const variant = await add('alice', 'A draft about the harbour wharf.', { masterFileId: master });
    const bobs = await add('bob', 'Bob keeps his boat at the harbour pier.');
    await semantic.indexStale();
    expect((await search('alice', 'harbour')).map((m) => m.fileId)).toEqual([master]);
    expect((await search('alice', 'harbour', { includeDrafts: true })).map((m) => m.fileId).sort()).toEqual([master, variant].sort());
    expect((await search('bob', 'harbour', { includeDrafts: true })).map((m) => m.fileId)).toEqual([bobs]);
    expect(await search('carol', 'harbour', { includeDrafts: true })).toEqual([]);
    expect(await semantic.status({ tenantId: 'alice' })).toEqual({
      semantic: { available: true, model: 'openai-compatible:fake-embed' },
      indexed: 2,
      total: 2,
      indexing: false,
    });
  });

  it('embeds again only the documents whose text changed, and counts progress until it has', async () => {
    const a = await add('alice', 'The port at night.');
    await add('alice', 'The mountain at noon.');
    await semantic.indexStale();
    expect(fake.inputs()).toHaveLength(2);

    expect(await semantic.indexStale()).toMatchObject({ indexed: 0 });
    expect(fake.inputs()).toHaveLength(2);

    await edit(a, 'The garden with roses at night.');
    expect(await semantic.status({ tenantId: 'alice' })).toMatchObject({ indexed: 1, total: 2, indexing: true });
    expect(await semantic.indexStale()).toMatchObject({ indexed: 1 });
    expect(fake.inputs()).toEqual(['The port at night.', 'The mountain at noon.', 'The garden with roses at night.']);
    expect((await search('alice', 'roses')).map((m) => m.fileId)).toEqual([a]);
    expect(await search('alice', 'harbour')).toEqual([]);
  });

  it('waits for a document to rest before embedding it', async () => {
    const patient = createSemanticSearch({
      query: (text, params) => database.query(text, params),
      embedding: createMeteredEmbedding({
        embedder: createEmbeddingGateway({ config: loadConfig(fakeEmbeddingsEnv(fake)) }),
        usage: createUsageService({ db: database.db, plan: 'self-hosted', now: () => new Date() }),
      }),
      now: () => new Date(),
      settleMs: 60_000,
    });
    await patient.prepare();
    await add('alice', 'Just typed about the harbour.');
    expect(await patient.indexStale()).toMatchObject({ indexed: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it('embeds every document again when the configured model changes, and searches only the new model', async () => {
    await add('alice', 'The port at night.');
    await add('alice', 'The mountain at noon.');
    await semantic.indexStale();
    const other = semanticWith(fake, 'other-embed');
    await other.prepare();
    expect(await other.status({ tenantId: 'alice' })).toMatchObject({ indexed: 0, total: 2, indexing: true });
    expect(await other.indexStale()).toMatchObject({ indexed: 2 });
    expect(fake.requests.map((r) => r.model)).toEqual(['fake-embed', 'fake-embed', 'other-embed', 'other-embed']);
    expect(await other.status({ tenantId: 'alice' })).toMatchObject({ indexed: 2, total: 2, indexing: false });
    expect(await other.searchDocuments({ tenantId: 'alice', query: 'dock', limit: 10, threshold: 0.5, includeDrafts: false })).toHaveLength(1);
  });

  it('never finds a document in the Trash, and forgets its passages', async () => {
    const gone = await add('alice', 'The old port.');
    const kept = await add('alice', 'The new harbour.');
    await semantic.indexStale();
    await database.query('update files set deleted_at = now() where id = $1', [gone]);
    expect((await search('alice', 'dock')).map((m) => m.fileId)).toEqual([kept]);
    expect(await semantic.indexStale()).toMatchObject({ removed: 1 });
    expect(await database.query('select file_id from file_passages where file_id = $1', [gone])).toEqual([]);
    expect(await semantic.status({ tenantId: 'alice' })).toMatchObject({ indexed: 1, total: 1 });
  });

  it('meters every embedding call: the provider-counted tokens and their cost, never one of the plan calls', async () => {
    const id = await add('alice', 'Ships in the port.');
    await semantic.indexStale();
    await search('alice', 'quay');
    const events = await database.query<{ file_id: string | null; calls: number; tokens: number; cost: string }>(
      "select file_id, calls, tokens, cost from usage_events where tenant_id = 'alice' order by id",
    );
    expect(events).toEqual([
      { file_id: id, calls: 0, tokens: fakeTokens(['Ships in the port.']), cost: expect.any(String) },
      { file_id: null, calls: 0, tokens: fakeTokens(['quay']), cost: expect.any(String) },
    ]);
    expect(Number(events[0]!.cost)).toBeGreaterThan(0);
    const [period] = await database.query<{ fast_calls: number; fast_tokens: number; reserved: string }>(
      "select fast_calls, fast_tokens, reserved from usage_periods where tenant_id = 'alice'",
    );
    expect(period).toEqual({ fast_calls: 0, fast_tokens: 5, reserved: '0.000000' });
  });

  it("gives the assistant's voice the samples most like the text at hand by meaning, and by words when meaning search cannot answer", async () => {
    const quay = 'We moored beside the quay in the morning fog.';
    const summit = 'Snow lay on the summit all week.';
    await add('alice', quay, { authenticity: 'Human' });
    await add('alice', summit, { authenticity: 'Human' });
    await add('bob', 'Bob wrote about the wharf and the pier.', { authenticity: 'Human' });
    await semantic.indexStale();
    const text = 'The port was busy with ships.';
    const passagesOf = (block: string) => [...block.matchAll(/<passage>\n([\s\S]*?)\n<\/passage>/g)].map((m) => m[1]);

    const withMeaning = createServices({ database, config: loadConfig(fakeEmbeddingsEnv(fake)) });
    await withMeaning.semantic.prepare();
    expect(passagesOf(await withMeaning.voice.getPromptVoice({ tenantId: 'alice', text }))).toEqual([quay, summit]);

    // No word in common: the full-text search falls back to the most recent samples.
    const withWords = createServices({ database, config: loadConfig({}) });
    expect(passagesOf(await withWords.voice.getPromptVoice({ tenantId: 'alice', text }))).toEqual([summit, quay]);
  });

  it('keeps a document whose embedding call failed for the next run, and indexes the others', async () => {
    await add('alice', 'The port.');
    fake.failWith(400);
    expect(await semantic.indexStale()).toMatchObject({ indexed: 0, failed: 1 });
    fake.failWith(null);
    expect(await semantic.indexStale()).toMatchObject({ indexed: 1, failed: 0 });
  });
});

describe.runIf(!hasVector)('search by meaning on a PostgreSQL without pgvector', () => {
  it('says so, and nothing else breaks', async () => {
    const fake = await startFakeEmbeddings();
    try {
      const semantic = semanticWith(fake);
      const availability = await semantic.prepare();
      expect(availability).toMatchObject({ available: false, reason: 'no_extension' });
      expect(semantic.availability()).toEqual(availability);
      expect(await semantic.indexStale()).toEqual({ indexed: 0, failed: 0, removed: 0 });
      expect(await semantic.searchDocuments({ tenantId: 'alice', query: 'harbour', limit: 10, threshold: 0.5, includeDrafts: false })).toEqual([]);
      expect(await semantic.status({ tenantId: 'alice' })).toMatchObject({ semantic: { reason: 'no_extension' }, indexed: 0, total: 0 });
      expect(fake.requests).toHaveLength(0);
      // The database is still usable after the refused CREATE EXTENSION.
      expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      await fake.close();
    }
  });
});
