import { SEARCH_MAX_LIMIT } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

type Result = {
  fileId: string;
  name: string;
  isDraft: boolean;
  score: number;
  passage: { text: string; highlights: [number, number][]; offset: number | null };
};

/** POST /api/search/text (docs/SEARCH.md): full-text search over each document's name and text. */
describe('text search', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;

  const create = async (user: TestUser, filePath: string, ...paragraphs: string[]): Promise<string> => {
    const res = await user.call('POST', '/api/files/create', { filePath, content: doc(...paragraphs) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.file.id as string;
  };
  const search = async (user: TestUser, body: Record<string, unknown>): Promise<Result[]> => {
    const res = await user.call('POST', '/api/search/text', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mode).toBe('text');
    return res.body.results as Result[];
  };
  const ids = (results: Result[]) => results.map((r) => r.fileId);
  const contentText = async (fileId: string) =>
    (await t.database.query<{ content_text: string }>('select content_text from files where id = $1', [fileId]))[0]!.content_text;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    a = await newUser(t.app, 'search-a');
    b = await newUser(t.app, 'search-b');
  });
  afterAll(() => t.close());

  it('answers 20 results unless asked for another limit, and refuses a limit over the most', async () => {
    for (let i = 0; i < 23; i += 1) await create(a, `Lighthouse log ${i}.txt`, `Entry ${i}: the lamp turned all night.`);
    expect(await search(a, { query: 'lamp' })).toHaveLength(20);
    expect(await search(a, { query: 'lamp', limit: 5 })).toHaveLength(5);
    expect(await search(a, { query: 'lamp', limit: SEARCH_MAX_LIMIT })).toHaveLength(23);
    const over = await a.call('POST', '/api/search/text', { query: 'lamp', limit: SEARCH_MAX_LIMIT + 1 });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('validation_failed');
  });

  it('refuses an empty or blank query', async () => {
    for (const query of ['', '   ', '\n\t']) {
      const res = await a.call('POST', '/api/search/text', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await a.call('POST', '/api/search/text', {})).status).toBe(400);
  });

  it('leaves workspace variants out unless drafts are asked for', async () => {
    const master = await create(a, 'Quokka essay.txt', 'A quokka smiles at the camera.');
    expect((await a.call('POST', '/api/workspaces/convert', { fileId: master })).status).toBe(200);
    const variant = await a.call('POST', `/api/workspaces/${master}/variants`, { type: 'duplicate' });
    expect(variant.status, JSON.stringify(variant.body)).toBe(200);
    const listed = await search(a, { query: 'quokka' });
    expect(ids(listed)).toEqual([master]);
    expect(listed[0]!.isDraft).toBe(false);
    const withDrafts = await search(a, { query: 'quokka', includeDrafts: true });
    expect(ids(withDrafts).sort()).toEqual([master, variant.body.variantId].sort());
    expect(withDrafts.find((r) => r.fileId === variant.body.variantId)!.isDraft).toBe(true);
  });

  it('never finds a document in the Trash, and finds it again once restored', async () => {
    const id = await create(a, 'Binned.txt', 'The zebrafish tank needs cleaning.');
    expect(ids(await search(a, { query: 'zebrafish' }))).toEqual([id]);
    expect((await a.call('POST', '/api/files/delete', { filePath: 'Binned.txt' })).status).toBe(200);
    expect(await search(a, { query: 'zebrafish' })).toEqual([]);
    expect((await a.call('POST', `/api/files/${id}/restore`)).status).toBe(200);
    expect(ids(await search(a, { query: 'zebrafish' }))).toEqual([id]);
  });

  it('matches the last word as a prefix, phrases in quotes, and leaves out -words', async () => {
    const harbour = await create(a, 'Port.txt', 'Boats rest in the harbour at dusk.');
    expect(ids(await search(a, { query: 'harb' }))).toEqual([harbour]);
    expect(ids(await search(a, { query: 'boats harb' }))).toEqual([harbour]);
    // Only the word being typed is a prefix: an earlier word must match whole.
    expect(await search(a, { query: 'boa harbour' })).toEqual([]);

    const phrase = await create(a, 'Phrase.txt', 'The quick amber fox jumps.');
    const scattered = await create(a, 'Scattered.txt', 'The fox is amber and quick.');
    expect(ids(await search(a, { query: 'amber fox' })).sort()).toEqual([phrase, scattered].sort());
    expect(ids(await search(a, { query: '"amber fox"' }))).toEqual([phrase]);
    expect(ids(await search(a, { query: 'amber fox -jumps' }))).toEqual([scattered]);
  });

  it('ignores accents both ways and highlights the accented word', async () => {
    const id = await create(a, 'Menu.txt', 'Un Café crème, s’il vous plaît.');
    const found = await search(a, { query: 'cafe' });
    expect(ids(found)).toEqual([id]);
    const [start, end] = found[0]!.passage.highlights[0]!;
    expect(found[0]!.passage.text.slice(start, end)).toBe('Café');
    const plain = await create(a, 'Plain cafe.txt', 'A cafe without accents.');
    expect(ids(await search(a, { query: 'CAFÉ' })).sort()).toEqual([id, plain].sort());
  });

  it('ranks a name match above one mention in the text, and more mentions above fewer', async () => {
    const body = await create(a, 'Notes.txt', 'Somewhere in here the word marzipan appears once among other words.');
    const named = await create(a, 'Marzipan.txt', 'Nothing else about it.');
    const results = await search(a, { query: 'marzipan' });
    expect(ids(results)).toEqual([named, body]);
    expect(results[0]!.score).toBe(1);
    expect(results[1]!.score).toBeGreaterThan(0);
    expect(results[1]!.score).toBeLessThan(1);

    const few = await create(a, 'Few.txt', 'One tamarind here.');
    const many = await create(a, 'Many.txt', 'Tamarind paste, tamarind juice, and tamarind candy.');
    expect(ids(await search(a, { query: 'tamarind' }))).toEqual([many, few]);
  });

  it('answers the passage as plain text whose highlights and offset point at the matched words', async () => {
    const filler = Array.from({ length: 60 }, (_, i) => `filler${i} 🙂`).join(' ');
    const id = await create(a, 'Long.txt', filler, 'Later the <b>albatross</b> & the albatrosses circled.', 'More words after.');
    const [hit] = await search(a, { query: 'albatross' });
    expect(hit!.fileId).toBe(id);
    const { text, highlights, offset } = hit!.passage;
    expect(text).toContain('<b>');
    expect(highlights.length).toBeGreaterThanOrEqual(1);
    for (const [start, end] of highlights) expect(text.slice(start, end).toLowerCase()).toMatch(/^albatross/);
    // The offset counts UTF-16 units, as the editor does, past the emoji before the passage.
    expect(offset).not.toBeNull();
    expect(offset!).toBeGreaterThan(0);
    expect((await contentText(id)).slice(offset!, offset! + text.length)).toBe(text);
  });

  it("never shows another tenant's documents, and refuses another tenant's id", async () => {
    const secret = await create(a, 'Secret.txt', 'The vault code is xylophone.');
    expect(ids(await search(a, { query: 'xylophone' }))).toEqual([secret]);
    expect(await search(b, { query: 'xylophone' })).toEqual([]);
    expect(await search(b, { query: 'xylo', includeDrafts: true, limit: SEARCH_MAX_LIMIT })).toEqual([]);
    const other = await b.call('POST', '/api/search/text', { tenantId: a.sub, query: 'xylophone' });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('tenant_mismatch');
    expect(ids(await search(a, { tenantId: a.sub, query: 'xylophone' }))).toEqual([secret]);
  });

  it("indexes the tenant's documents again when its language changes, and only its own", async () => {
    const id = await create(a, 'Marina.txt', 'The harbour was quiet.');
    const bDoc = await create(b, 'Marina.txt', 'The harbour was quiet.');
    expect((await a.call('GET', '/api/search/settings')).body).toEqual({ language: 'simple' });
    expect(await search(a, { query: 'harbours' })).toEqual([]);

    const set = await a.call('PUT', '/api/search/settings', { language: 'english' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ language: 'english' });
    expect((await a.call('GET', '/api/search/settings')).body).toEqual({ language: 'english' });
    expect(ids(await search(a, { query: 'harbours' }))).toContain(id);
    // A document written after the change is indexed in the new language too.
    const later = await create(a, 'Later.txt', 'Two harbours, one town.');
    expect(ids(await search(a, { query: 'harbour quiet' }))).toEqual([id]);
    expect(ids(await search(a, { query: '"harbour town"' }))).toEqual([]);
    expect(ids(await search(a, { query: 'harbour' }))).toContain(later);
    // B still searches in 'simple'.
    expect((await b.call('GET', '/api/search/settings')).body).toEqual({ language: 'simple' });
    expect(await search(b, { query: 'harbours' })).toEqual([]);
    expect(ids(await search(b, { query: 'harbour' }))).toEqual([bDoc]);

    const bad = await a.call('PUT', '/api/search/settings', { language: 'klingon' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect((await a.call('PUT', '/api/search/settings', { language: 'simple' })).status).toBe(200);
    expect(ids(await search(a, { query: 'harbours' }))).toEqual([later]);
  });

  it('answers hostile queries without failing', async () => {
    await create(a, 'Hostile.txt', 'Quotes "and" back\\slashes and it\'s & | ! : * ( ) all here.');
    const queries = [
      '"',
      '"""',
      '"unclosed phrase',
      '\\',
      '\\\\\\',
      "'",
      "it's",
      '&|!:*()',
      '!(a | b) & c:*',
      'a:* & !',
      '-',
      '- - -',
      '-quotes',
      'or',
      'OR OR or',
      '<->',
      'a <-> b',
      "'; drop table files; --",
      '%_',
      'x'.repeat(500),
      Array.from({ length: 150 }, () => 'ab').join(' '),
      '🙂',
      'ǅ ß İ',
      '\u0002mark\u0003',
    ];
    for (const query of queries) {
      const res = await a.call('POST', '/api/search/text', { query });
      expect(res.status, `${JSON.stringify(query)}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await a.call('POST', '/api/search/text', { query: 'x'.repeat(501) })).status).toBe(400);
  });
});
