import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Two tenants: whatever B names of A's — file id, path, version id or a document in A's Trash — is 404 to B, and A's data is untouched. */
describe('files and versions are isolated between tenants', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let fileId: string;
  let versionId: string;
  let binnedId: string;
  /** A blank 'Create new document' of A's, which A could discard. */
  let blankId: string;
  const path = 'Private diary.txt';
  const enc = encodeURIComponent;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    a = await newUser(t.app, 'tenant-a');
    b = await newUser(t.app, 'tenant-b');
    fileId = (await a.call('POST', '/api/files/create', { filePath: path, content: doc('secret of A') })).body.file.id;
    versionId = (await a.call('POST', '/api/versions/create', { fileId, reason: 'manual' })).body.version.id;
    binnedId = (await a.call('POST', '/api/files/create', { filePath: 'Binned.txt', content: doc('binned secret of A') })).body.file.id;
    expect((await a.call('POST', '/api/files/delete', { filePath: 'Binned.txt' })).status).toBe(200);
    blankId = (await a.call('POST', '/api/files/claim-blank', { displayPath: 'Untitled.txt', isRepository: false })).body.fileId;
  });
  afterAll(() => t.close());

  it("answers 404 to B on every route that names A's document", async () => {
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/files/get', { filePath: path }],
      ['POST', '/api/files/get', { fileId }],
      ['GET', `/api/files/${enc(b.sub)}/${enc(path)}`],
      ['GET', `/api/files/${enc(b.sub)}/${enc(path)}/download`],
      ['DELETE', `/api/files/${enc(b.sub)}/${enc(path)}`],
      ['POST', '/api/files/delete', { filePath: path }],
      ['POST', '/api/files/rename', { oldFilePath: path, newFilePath: 'Stolen' }],
      ['PATCH', `/api/files/repository/${enc(b.sub)}/${enc(path)}`, { isRepository: true }],
      ['PATCH', `/api/files/metadata/${enc(b.sub)}/${enc(path)}`, { metadata: { authenticity: 'AI' } }],
      ['POST', '/api/files/content-only-update', { fileId, content: doc('overwrite'), baseRevision: 1, operationId: 'evil-op-1' }],
      ['POST', '/api/files/copy', { fileId }],
      ['GET', `/api/versions/list?fileId=${fileId}`],
      ['GET', `/api/versions/get?fileId=${fileId}&versionId=${versionId}`],
      ['POST', '/api/versions/create', { fileId, reason: 'manual' }],
      ['POST', `/api/versions/restore/${enc(b.sub)}/${fileId}`, { versionId }],
      ['POST', `/api/files/${binnedId}/restore`],
      ['DELETE', `/api/files/${binnedId}/forever`],
      ['POST', `/api/files/${fileId}/restore`],
      ['DELETE', `/api/files/${fileId}/forever`],
      ['POST', `/api/files/${fileId}/discard`],
      ['POST', `/api/files/${blankId}/discard`],
      ['POST', `/api/files/${binnedId}/discard`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await b.call(method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
  });

  it("never lists, finds, tags or deletes A's documents for B", async () => {
    expect((await b.call('GET', '/api/files/list')).body.files).toEqual([]);
    expect((await b.call('GET', '/api/files/list-paged')).body.items).toEqual([]);
    expect((await b.call('GET', '/api/files/search?q=diary')).body.items).toEqual([]);
    expect((await b.call('GET', '/api/files/trash')).body.items).toEqual([]);
    expect((await b.call('POST', '/api/files/bulk-tag', { fileIds: [fileId], authenticity: 'AI' })).body.updated).toEqual([]);
    expect((await b.call('POST', '/api/files/bulk-delete', { fileIds: [fileId] })).body.deleted).toEqual([]);
    expect((await b.call('POST', '/api/files/bulk-restore', { fileIds: [binnedId] })).body).toEqual({ success: true, restored: [], notFound: [binnedId] });
  });

  it("answers 403 when B names A's tenant", async () => {
    expect((await b.call('GET', `/api/files/${enc(a.sub)}/${enc(path)}`)).status).toBe(403);
    expect((await b.call('POST', `/api/versions/restore/${enc(a.sub)}/${fileId}`, { versionId })).status).toBe(403);
    expect((await b.call('POST', '/api/files/get', { tenantId: a.sub, fileId })).status).toBe(403);
  });

  it("leaves A's document exactly as it was", async () => {
    const res = await a.call('POST', '/api/files/get', { fileId });
    expect(res.body.file).toMatchObject({ name: path, revision: 1, isRepository: false });
    expect(res.body.file.content.content[0].content[0].text).toBe('secret of A');
    expect(res.body.file.metadata.authenticity).toBe('Untagged');
    expect((await a.call('GET', '/api/files/trash')).body.items.map((f: { id: string }) => f.id)).toEqual([binnedId]);
    expect((await a.call('POST', '/api/files/get', { fileId: blankId })).status).toBe(200);
  });
});
