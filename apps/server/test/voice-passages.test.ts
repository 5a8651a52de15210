import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/db';
import { createFilesRepository } from '../src/modules/files/files.repository';
import { ulid } from 'ulid';
import { createFilesPort } from '../src/modules/files/files.port';
import { createVoiceRepository } from '../src/modules/voice/voice.repository';
import { searchQuery } from '../src/modules/voice/voice.passages';
import { getTestDatabase, resetDatabase } from './harness';

/** The passage search on the stored, indexed `voice_terms` of samples. */
describe('finding the samples most like a text', () => {
  let database: Database;
  let files: ReturnType<typeof createFilesRepository>;
  let voice: ReturnType<typeof createVoiceRepository>;
  let n = 0;

  beforeAll(async () => {
    database = await getTestDatabase();
    await resetDatabase(database);
    files = createFilesRepository({ db: database.db });
    voice = createVoiceRepository({ db: database.db, files: createFilesPort({ db: database.db, newId: ulid }) });
  });

  async function add(tenantId: string, text: string, opts: { isRepository?: boolean; authenticity?: 'Human' | 'AI' | 'Untagged' } = {}): Promise<string> {
    const id = `f${++n}`;
    const row = await files.insert({
      id,
      tenantId,
      path: `${id}.txt`,
      name: id,
      isRepository: opts.isRepository ?? true,
      content: { type: 'doc', content: [] },
      contentText: text,
      contentSize: text.length,
      wordCount: 0,
      authorship: { textChars: 0, aiChars: 0 },
      editorVersion: 2,
      metadata: { authenticity: opts.authenticity ?? 'Untagged' },
      now: new Date(),
    });
    // The search column is never read with a row.
    expect(row).not.toHaveProperty('voiceTerms');
    return id;
  }

  const find = (tenantId: string, text: string) => voice.similarSamples({ tenantId, query: searchQuery(text) });

  it("ranks this tenant's samples only, leaving out AI-tagged files and untagged documents", async () => {
    await add('alice', 'The lighthouse keeper counted gulls. The lighthouse stood on the cliff.');
    await add('alice', 'Gulls again, and the harbour.');
    await add('alice', 'Lighthouse lighthouse lighthouse keeper, written by a machine.', { authenticity: 'AI' });
    await add('alice', 'A lighthouse draft that is not a sample.', { isRepository: false });
    await add('alice', 'My own lighthouse notes, tagged Human.', { isRepository: false, authenticity: 'Human' });
    await add('bob', 'Lighthouse keeper lighthouse keeper gulls gulls.');
    const found = await find('alice', 'The lighthouse keeper and the gulls');
    expect(found[0]).toBe('The lighthouse keeper counted gulls. The lighthouse stood on the cliff.');
    expect(found.slice(1).sort()).toEqual(['Gulls again, and the harbour.', 'My own lighthouse notes, tagged Human.']);
    expect(await find('bob', 'lighthouse')).toEqual(['Lighthouse keeper lighthouse keeper gulls gulls.']);
  });

  it('follows re-tagging: a sample tagged AI stops being found', async () => {
    const id = await add('carol', 'Tomatoes and stubborn weeds in my garden.', { isRepository: false, authenticity: 'Human' });
    expect(await find('carol', 'garden weeds')).toHaveLength(1);
    await files.setAuthenticity({ tenantId: 'carol', ids: [id], authenticity: 'AI', now: new Date() });
    // Nothing matches and no sample is left for the fallback either.
    expect(await find('carol', 'garden weeds')).toEqual([]);
  });

  it('saves a sample far larger than a tsvector may be, and still finds it by its opening', async () => {
    // ~3 MB of distinct words: a vector of all of it would exceed PostgreSQL's 1 MB limit and fail the save.
    const words = Array.from({ length: 400_000 }, (_, i) => `w${i.toString(36)}x`);
    const text = `Zeppelins over Zanzibar. ${words.join(' ')}`;
    await add('dave', text);
    await add('dave', 'A short sample about boats.');
    const [best] = await find('dave', 'zeppelins');
    expect(best?.startsWith('Zeppelins over Zanzibar.')).toBe(true);
  });
});
