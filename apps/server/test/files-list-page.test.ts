import { listPagedAnswerSchema, type FileSummary } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * The document list's page is one hand-written statement (files.list-page.ts) and its answer is
 * projected onto the contract (files.answer-json.ts): these pin what either could get wrong —
 * the order of each sort across pages, what is left out, the directory filter, tenancy, the
 * per-row figures, and that nothing beyond the contract leaves the server.
 */
describe('GET /api/files/list-paged', () => {
  let t: TestApp;
  let me: TestUser;
  let other: TestUser;
  const ids: Record<string, string> = {};

  const create = async (user: TestUser, filePath: string, metadata: Record<string, unknown> = {}) => {
    const res = await user.call('POST', '/api/files/create', { filePath, content: doc(filePath), metadata });
    expect(res.status).toBe(200);
    return res.body.file.id as string;
  };
  const page = async (user: TestUser, query: string) => {
    const res = await user.call('GET', `/api/files/list-paged?${query}`);
    expect(res.status, query).toBe(200);
    return res.body as { items: FileSummary[]; nextCursor: string | null; hasMore: boolean };
  };
  /** Every item of a sort and view, one page of `limit` at a time. */
  const walk = async (user: TestUser, query: string, limit: number) => {
    const seen: FileSummary[] = [];
    let cursor: string | null = null;
    do {
      const answer = await page(user, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.hasMore).toBe(answer.nextCursor !== null);
      seen.push(...answer.items);
      cursor = answer.nextCursor;
    } while (cursor);
    return seen;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    me = await newUser(t.app, 'lister');
    other = await newUser(t.app, 'neighbour');
    ids.human = await create(me, 'Beta notes', { authenticity: 'Human' });
    ids.ai = await create(me, 'alpha draft', { authenticity: 'AI' });
    ids.assisted = await create(me, 'Gamma', { authenticity: 'AI-Assisted' });
    ids.untagged = await create(me, 'delta');
    ids.twin = await create(me, 'DELTA copy');
    ids.inFolder = await create(me, 'a_b/Inside');
    ids.lookalike = await create(me, 'axb/Outside');
    ids.repository = (await me.call('POST', '/api/files/create', { filePath: 'Kept source', content: doc('kept'), isRepository: true })).body.file.id;
    ids.variant = await create(me, 'A variant', { masterFileId: ids.human });
    ids.unassigned = await create(me, '__UNASSIGNED__scratch');
    ids.binned = await create(me, 'Binned');
    expect((await me.call('POST', '/api/files/delete', { filePath: 'Binned.txt' })).status).toBe(200);
    ids.neighbours = await create(other, 'delta');
  });
  afterAll(() => t.close());

  it('pages every sort in the same order as one page, leaving out deleted, variant and unassigned documents', async () => {
    for (const sort of ['date', 'name', 'tag']) {
      const whole = (await page(me, `sort=${sort}&limit=100`)).items.map((f) => f.id);
      const paged = (await walk(me, `sort=${sort}`, 2)).map((f) => f.id);
      expect(paged, sort).toEqual(whole);
      expect(new Set(whole), sort).toEqual(new Set([ids.human, ids.ai, ids.assisted, ids.untagged, ids.twin, ids.inFolder, ids.lookalike, ids.repository]));
    }
    const byName = (await page(me, 'sort=name&limit=100')).items.map((f) => f.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byTag = (await page(me, 'sort=tag&limit=3')).items.map((f) => f.id);
    expect(byTag).toEqual([ids.human, ids.assisted, ids.ai]);
    // Dates are content dates, newest first: the last created comes first.
    expect((await page(me, 'sort=date&limit=1')).items[0]!.id).toBe(ids.repository);
  });

  it('shows variants and unassigned documents in the "all" view, repository documents alone in "repository", never the Trash', async () => {
    const all = (await walk(me, 'view=all', 3)).map((f) => f.id);
    expect(all).toEqual(expect.arrayContaining([ids.variant, ids.unassigned]));
    expect(all).not.toContain(ids.binned);
    expect((await page(me, 'view=repository')).items.map((f) => f.id)).toEqual([ids.repository]);
  });

  it('keeps the documents under a directory, its name matched literally', async () => {
    expect((await page(me, 'directory=a_b')).items.map((f) => f.id)).toEqual([ids.inFolder]);
    expect((await page(me, 'directory=axb')).items.map((f) => f.id)).toEqual([ids.lookalike]);
  });

  it("never lists another tenant's documents, nor takes them for look-alikes", async () => {
    const mine = await walk(me, 'view=all', 50);
    expect(mine.map((f) => f.id)).not.toContain(ids.neighbours);
    const theirs = (await page(other, 'limit=10')).items;
    expect(theirs.map((f) => f.id)).toEqual([ids.neighbours]);
    expect(theirs[0]!.similarNameTo).toBeUndefined();
    const delta = mine.find((f) => f.id === ids.untagged)!;
    expect(delta.similarNameTo).toBeUndefined();
  });

  it('answers the same summaries as the full list, with a workspace master its variant count', async () => {
    const full = (await me.call('GET', '/api/files/list')).body.files as FileSummary[];
    const paged = await walk(me, 'view=all', 4);
    expect(paged).toHaveLength(full.length);
    for (const item of paged) expect(item).toEqual(full.find((f) => f.id === item.id));

    const master = await create(me, 'Master');
    expect((await me.call('POST', '/api/workspaces/convert', { fileId: master })).status).toBe(200);
    const variants: string[] = [];
    for (let i = 0; i < 2; i++) variants.push((await me.call('POST', `/api/workspaces/${master}/variants`, { type: 'duplicate' })).body.variantId);
    const listed = async () => (await page(me, 'limit=1')).items[0]!;
    expect(await listed()).toMatchObject({ id: master, variantCount: 2 });
    expect((await me.call('DELETE', `/api/workspaces/variants/${variants[1]}`)).status).toBe(200);
    expect(await listed()).toMatchObject({ id: master, variantCount: 1 });
  });

  it('answers the contract and nothing more, even when stored metadata holds a key the contract does not have', async () => {
    await t.database.query(`update files set metadata = metadata || '{"internalNote": "not for clients"}'::jsonb where id = $1`, [ids.human]);
    const res = await me.call('GET', '/api/files/list-paged?limit=100');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('internalNote');
    expect(z.strictObject(listPagedAnswerSchema.shape).safeParse(res.body).success).toBe(true);
    expect(res.body.items.find((f: FileSummary) => f.id === ids.human).metadata).toMatchObject({ authenticity: 'Human', fileId: ids.human });
  });
});
