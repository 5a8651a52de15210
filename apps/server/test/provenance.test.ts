import { authorshipLine, type ProvenanceAttrs } from '@bree/contracts';
import { authorshipOf, EDITOR_VERSION, type DocJSON } from '@bree/editor';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** The provenance of AI-written text on the server (docs/PROVENANCE.md): stored figures, versions, exports and shares. */
const AI: ProvenanceAttrs = { operationId: 'op_rewrite-1', action: 'enhance', tier: 'premium', at: '2026-11-20T10:00:00.000Z' };
const MINE = 'I wrote this myself.';
const FROM_AI = 'The model suggested this.';
/** The traces a mark leaves in any rendering: none may reach an export or a reader without the writer asking. */
const TRACES = ['data-ai-', 'aiProvenance', 'bree-ai-text', AI.operationId];

/** One paragraph of the writer's words, one accepted from the AI. */
function mixed(attrs: unknown = AI): DocJSON {
  return {
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text: MINE }] },
      { type: 'paragraph', content: [{ type: 'text', text: FROM_AI, marks: [{ type: 'aiProvenance', attrs }] }] },
    ],
  } as DocJSON;
}
const MIXED_FIGURES = authorshipOf(mixed());
const MIXED_LINE = authorshipLine(MIXED_FIGURES)!;

const marksIn = (content: DocJSON): unknown[] => [...(content.marks ?? []), ...(content.content ?? []).flatMap(marksIn)];

let t: TestApp;
let me: TestUser;
let created = 0;

beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.database);
  me = await newUser(t.app, 'provenance');
});
afterAll(() => t.close());

async function create(content: unknown, name = 'Piece'): Promise<{ id: string; path: string }> {
  created += 1;
  const res = await me.call('POST', '/api/files/create', { filePath: `${name} ${created}`, content });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.file.id, path: res.body.file.filePath };
}

async function storedFigures(table: 'files' | 'file_versions', id: string) {
  const rows = await t.database.query<{ editor_version: number; text_chars: number | null; ai_chars: number | null }>(
    `select editor_version, text_chars, ai_chars from ${table} where id = $1`,
    [id],
  );
  return rows[0];
}

describe('stored figures and the schema version', () => {
  it('stores a save with marks under the current schema version, with its figures', async () => {
    const { id } = await create(doc('first draft'));
    const saved = await me.call('POST', '/api/files/content-only-update', { fileId: id, content: mixed(), baseRevision: 1, operationId: 'prov-save-1' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await storedFigures('files', id)).toEqual({ editor_version: EDITOR_VERSION, text_chars: MIXED_FIGURES.textChars, ai_chars: MIXED_FIGURES.aiChars });
    expect(MIXED_FIGURES.aiChars).toBeGreaterThan(0);
    const got = await me.call('POST', '/api/files/get', { fileId: id });
    expect(got.body.file.editorVersion).toBe(EDITOR_VERSION);
    expect(marksIn(got.body.file.content)).toEqual([{ type: 'aiProvenance', attrs: AI }]);
  });

  it('measures a large document on a worker thread with the same figures and version', async () => {
    const big = { type: 'doc', content: Array.from({ length: 300 }, () => mixed().content!).flat() };
    const before = t.services.heavyWork.offThreadTasks();
    const res = await me.call('POST', '/api/files/upload', { filePath: 'Long mixed.txt', content: big });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(t.services.heavyWork.offThreadTasks() - before).toBe(1);
    expect(await storedFigures('files', res.body.file.id)).toEqual({
      editor_version: EDITOR_VERSION,
      text_chars: 300 * MIXED_FIGURES.textChars,
      ai_chars: 300 * MIXED_FIGURES.aiChars,
    });
    expect(res.body.file.editorVersion).toBe(EDITOR_VERSION);
  });

  it('drops a malformed mark and counts its text as the writer’s', async () => {
    const { id } = await create(mixed({ ...AI, tier: 'turbo', operationId: 'has spaces' }));
    const got = await me.call('POST', '/api/files/get', { fileId: id });
    expect(marksIn(got.body.file.content)).toEqual([]);
    expect(got.body.file.content.content[1].content[0].text).toBe(FROM_AI);
    expect(await storedFigures('files', id)).toMatchObject({ text_chars: MIXED_FIGURES.textChars, ai_chars: 0 });
  });

  it('loads a document stored before version 2 unchanged, with no figures', async () => {
    const { id } = await create(doc('placeholder'));
    const old = {
      type: 'doc',
      content: [{ type: 'paragraph', attrs: { id: 'oldblock1' }, content: [{ type: 'text', text: 'Written long ago.', marks: [{ type: 'bold' }] }] }],
    };
    await t.database.query(`update files set content = $1::jsonb, editor_version = 1, text_chars = null, ai_chars = null where id = $2`, [
      JSON.stringify(old),
      id,
    ]);
    const got = await me.call('POST', '/api/files/get', { fileId: id });
    expect(got.body.file.content).toEqual(old);
    expect(got.body.file.editorVersion).toBe(1);
  });
});

describe('versions keep their figures', () => {
  it('lists each version with its figures, none for one stored without, and a restore keeps the replaced text’s', async () => {
    const { id } = await create(doc('plain words only'));
    const manual = await me.call('POST', '/api/versions/create', { fileId: id, reason: 'manual' });
    expect(manual.body.version.authorship).toEqual({ textChars: 'plainwordsonly'.length, aiChars: 0 });
    await me.call('POST', '/api/files/content-only-update', { fileId: id, content: mixed(), baseRevision: 1, operationId: 'prov-ver-1' });

    const restored = await me.call('POST', `/api/versions/restore/${me.sub}/${id}`, { versionId: manual.body.version.id });
    expect(restored.status).toBe(200);
    expect(await storedFigures('files', id)).toMatchObject({ text_chars: 'plainwordsonly'.length, ai_chars: 0 });

    const list = (await me.call('GET', `/api/versions/list?fileId=${id}`)).body.versions as { id: string; reason: string; authorship: unknown }[];
    const before = list.find((v) => v.reason === 'before-restore')!;
    expect(before.authorship).toEqual(MIXED_FIGURES);
    expect((await storedFigures('file_versions', before.id))!.editor_version).toBe(EDITOR_VERSION);
    const one = await me.call('GET', `/api/versions/get?fileId=${id}&versionId=${before.id}`);
    expect(one.body.version.authorship).toEqual(MIXED_FIGURES);
    expect(marksIn(one.body.version.content)).toEqual([{ type: 'aiProvenance', attrs: AI }]);

    // A version stored before the figures existed says nothing rather than guess.
    await t.database.query(`update file_versions set text_chars = null, ai_chars = null, editor_version = 1 where id = $1`, [manual.body.version.id]);
    const again = (await me.call('GET', `/api/versions/list?fileId=${id}`)).body.versions as { id: string; authorship: unknown }[];
    expect(again.find((v) => v.id === manual.body.version.id)!.authorship).toBeNull();
  });
});

describe('exports', () => {
  const download = (path: string, query: string, user: TestUser = me) =>
    t.app.inject({
      method: 'GET',
      url: `/api/files/${encodeURIComponent(user.sub)}/${encodeURIComponent(path)}/download?${query}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
  const docxText = (payload: Buffer) => strFromU8(unzipSync(new Uint8Array(payload))['word/document.xml']!);

  it('holds no trace of the marks unless the writer asks', async () => {
    const { path } = await create(mixed(), 'Export');
    for (const format of ['txt', 'md', 'html']) {
      const res = await download(path, `format=${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(FROM_AI);
      for (const trace of [...TRACES, 'Written by you']) expect(res.body, `${format}: ${trace}`).not.toContain(trace);
    }
    const docx = docxText((await download(path, 'format=docx')).rawPayload);
    expect(docx).toContain(FROM_AI);
    expect(docx).not.toContain('Written by you');
  });

  it('with provenance=include opens every format with the authorship line, and .html keeps the highlighted AI spans', async () => {
    const { path } = await create(mixed(), 'Export');
    const txt = await download(path, 'format=txt&provenance=include');
    expect(txt.body).toBe(`${MIXED_LINE}\n\n${MINE}\n\n${FROM_AI}`);
    expect((await download(path, 'format=md&provenance=include')).body.startsWith(`${MIXED_LINE}\n\n`)).toBe(true);
    const html = (await download(path, 'format=html&provenance=include')).body;
    expect(html).toContain(`<p class="bree-authorship">${MIXED_LINE}</p>`);
    expect(html).toMatch(
      /<span class="bree-ai-text" data-ai-operation="op_rewrite-1" data-ai-action="enhance" data-ai-tier="premium" data-ai-at="[^"]+">The model suggested this\.<\/span>/,
    );
    expect(html).toMatch(/<style>[^<]*\.bree-ai-text\{background-color:/);
    expect(html.indexOf(MIXED_LINE)).toBeLessThan(html.indexOf(MINE));
    const docx = docxText((await download(path, 'format=docx&provenance=include')).rawPayload);
    expect(docx.indexOf(MIXED_LINE)).toBeGreaterThan(-1);
    expect(docx.indexOf(MIXED_LINE)).toBeLessThan(docx.indexOf(MINE));
    expect((await download(path, 'format=txt&provenance=everything')).statusCode).toBe(400);
  });

  it('writes no line for a document without text', async () => {
    const { path } = await create({ type: 'doc', content: [{ type: 'paragraph' }] }, 'Empty');
    expect((await download(path, 'format=txt&provenance=include')).body).toBe('');
  });

  it("never renders another tenant's document, provenance asked or not", async () => {
    const { path } = await create(mixed(), 'Private');
    const other = await newUser(t.app, 'prov-other');
    // The same path in the other writer's own space finds nothing; naming the author's tenant is refused.
    const own = await download(path, 'format=html&provenance=include', other);
    expect(own.statusCode).toBe(404);
    const named = await download(path, 'format=html&provenance=include', { ...other, sub: me.sub });
    expect(named.statusCode).toBe(403);
    for (const res of [own, named]) expect(res.body).not.toContain(FROM_AI);
  });
});

describe('shared documents', () => {
  const read = (slug: string) => t.app.inject({ method: 'GET', url: `/api/shares/${slug}`, remoteAddress: '198.51.100.7' });
  const page = (slug: string) => t.app.inject({ method: 'GET', url: `/share/${slug}`, remoteAddress: '198.51.100.7' });

  async function share(): Promise<{ id: string; path: string; slug: string }> {
    const file = await create(mixed(), 'Shared');
    await me.call('PATCH', `/api/files/metadata/${encodeURIComponent(me.sub)}/${encodeURIComponent(file.path)}`, { metadata: { authenticity: 'AI-Assisted' } });
    const slug = (await me.call('POST', '/api/shares/create', { fileId: file.id })).body.shareSlug as string;
    return { ...file, slug };
  }

  it('never shows the marks, and shows no figure unless the author chose to', async () => {
    const { slug } = await share();
    const res = await read(slug);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.metadata.authorship).toBeUndefined();
    expect(marksIn(res.json().data.content)).toEqual([]);
    for (const trace of TRACES) expect(res.body).not.toContain(trace);
    const html = (await page(slug)).body;
    expect(html).toContain(FROM_AI);
    expect(html).toContain('AI-Assisted</span>');
    for (const trace of [...TRACES, 'Written by you']) expect(html).not.toContain(trace);
  });

  it('shows the figure beside the badge when metadata.showAuthorship is on, and hides it again when off', async () => {
    const { path, slug } = await share();
    const metadataUrl = `/api/files/metadata/${encodeURIComponent(me.sub)}/${encodeURIComponent(path)}`;
    const on = await me.call('PATCH', metadataUrl, { metadata: { showAuthorship: true } });
    expect(on.body.file.metadata.showAuthorship).toBe(true);

    const res = await read(slug);
    expect(res.json().data.metadata.authorship).toEqual(MIXED_FIGURES);
    for (const trace of TRACES) expect(res.body).not.toContain(trace);
    const html = (await page(slug)).body;
    expect(html).toContain(
      `<div class="byline"><span class="badge" title="Authenticity">AI-Assisted</span><span class="authorship">${MIXED_LINE}</span><a class="copy"`,
    );
    for (const trace of TRACES) expect(html).not.toContain(trace);

    await me.call('PATCH', metadataUrl, { metadata: { showAuthorship: false } });
    expect((await read(slug)).json().data.metadata.authorship).toBeUndefined();
    expect((await page(slug)).body).not.toContain('Written by you');
  });
});
