import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Who else has a document open (issue 42 item 4, docs/COLLABORATION.md "Presence"). */
describe('POST /api/presence/{fileId}', () => {
  let t: TestApp;
  let writer: TestUser;
  let stranger: TestUser;
  let fileId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    writer = await newUser(t.app, 'present-writer', 'present-writer@example.com');
    stranger = await newUser(t.app, 'present-stranger');
    fileId = (await writer.call('POST', '/api/files/create', { filePath: 'Open twice', content: 'Words.' })).body.file.id;
  });
  afterAll(() => t.close());

  it("shows the writer's other window as 'you' and not the asking one; a goodbye takes it away at once", async () => {
    const first = await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'window-one-1234' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ people: [], revision: 1 });

    const second = await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'window-two-1234' });
    expect(second.body.people).toEqual([{ key: expect.any(String), name: 'present-writer@example.com', you: true, windows: 1 }]);

    expect((await writer.call('POST', `/api/presence/${fileId}/leave`, { sessionId: 'window-one-1234' })).body).toEqual({ success: true });
    expect((await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'window-two-1234' })).body).toEqual({ people: [], revision: 1 });
  });

  it('keeps a closed window gone when a heartbeat it sent before its goodbye arrives after it', async () => {
    const quiet = (await writer.call('POST', '/api/files/create', { filePath: 'Closed window', content: 'Words.' })).body.file.id as string;
    const base = Date.now();
    await writer.call('POST', `/api/presence/${quiet}`, { sessionId: 'window-late-1234', sentAt: base });
    await writer.call('POST', `/api/presence/${quiet}/leave`, { sessionId: 'window-late-1234', sentAt: base + 2_000 });
    // Sent at base + 1 s, overtaken on the way by the goodbye: it brings nobody back.
    await writer.call('POST', `/api/presence/${quiet}`, { sessionId: 'window-late-1234', sentAt: base + 1_000 });
    expect((await writer.call('POST', `/api/presence/${quiet}`, { sessionId: 'window-watch-1234', sentAt: base + 3_000 })).body.people).toEqual([]);
    // A heartbeat sent after the goodbye is the window back (a page restored from the back-forward cache).
    await writer.call('POST', `/api/presence/${quiet}`, { sessionId: 'window-late-1234', sentAt: base + 2_500 });
    expect((await writer.call('POST', `/api/presence/${quiet}`, { sessionId: 'window-watch-1234', sentAt: base + 3_500 })).body.people).toEqual([
      expect.objectContaining({ you: true, windows: 1 }),
    ]);
  });

  it('tells the document’s revision, so a window with nothing unsaved follows a save made elsewhere', async () => {
    const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Saved in another window.' }] }] };
    const saved = await writer.call('POST', '/api/files/content-only-update', { fileId, content, baseRevision: 1, operationId: 'presence-save-1' });
    expect(saved.body.revision).toBe(2);
    expect((await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'window-one-1234' })).body.revision).toBe(2);
    await writer.call('POST', `/api/presence/${fileId}/leave`, { sessionId: 'window-one-1234' });
  });

  it("answers 404 for another tenant's document and keeps nothing of the caller; their goodbye there ends nobody's window", async () => {
    const refused = await stranger.call('POST', `/api/presence/${fileId}`, { sessionId: 'stranger-window' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('file_not_found');
    expect((await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'window-two-1234' })).body.people).toEqual([]);

    // A goodbye says nothing back and can end only the caller's own window (the writer's, same window id, stays).
    expect((await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'window-one-1234' })).body.people).toHaveLength(1);
    expect((await stranger.call('POST', `/api/presence/${fileId}/leave`, { sessionId: 'window-one-1234' })).body).toEqual({ success: true });
    expect((await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'window-two-1234' })).body.people).toEqual([
      expect.objectContaining({ you: true, windows: 1 }),
    ]);
    await writer.call('POST', `/api/presence/${fileId}/leave`, { sessionId: 'window-one-1234' });
  });

  it('shows a person invited to the document to its writer and the writer to them, until the grant is removed', async () => {
    const reader = await newUser(t.app, 'present-reader', 'present-reader@example.com');
    const invite = await writer.call('POST', '/api/grants/invite', { fileId, email: 'present-reader@example.com', role: 'viewer' });
    const token = String(invite.body.link).split('/app/invite/')[1]!;
    expect((await reader.call('POST', `/api/grants/accept/${token}`)).status).toBe(200);
    // The writer's window of the tests before goes first.
    await writer.call('POST', `/api/presence/${fileId}/leave`, { sessionId: 'window-two-1234' });

    await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'writer-window' });
    const readerSees = await reader.call('POST', `/api/presence/${fileId}`, { sessionId: 'reader-window' });
    expect(readerSees.body.people).toEqual([{ key: expect.any(String), name: 'present-writer@example.com', you: false, windows: 1 }]);
    const writerSees = await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'writer-window' });
    expect(writerSees.body.people).toEqual([{ key: expect.any(String), name: 'present-reader@example.com', you: false, windows: 1 }]);

    expect((await writer.call('POST', '/api/grants/remove', { fileId, granteeId: reader.sub })).status).toBe(200);
    // Gone from the writer's list at once, not at the window's expiry.
    expect((await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'writer-window' })).body.people).toEqual([]);
    expect((await reader.call('POST', `/api/presence/${fileId}`, { sessionId: 'reader-window' })).status).toBe(404);
    await writer.call('POST', `/api/presence/${fileId}/leave`, { sessionId: 'writer-window' });
    await reader.call('POST', `/api/presence/${fileId}/leave`, { sessionId: 'reader-window' });
  });

  it('answers 404 for a document in the Trash and 400 for a made-up window id', async () => {
    const trashed = (await writer.call('POST', '/api/files/create', { filePath: 'Thrown away', content: 'Gone.' })).body.file;
    expect((await writer.call('POST', `/api/presence/${trashed.id}`, { sessionId: 'window-one-1234' })).status).toBe(200);
    expect((await writer.call('POST', '/api/files/delete', { filePath: trashed.filePath })).status).toBe(200);
    expect((await writer.call('POST', `/api/presence/${trashed.id}`, { sessionId: 'window-one-1234' })).status).toBe(404);
    // Leaving it still answers (the editor leaves a document deleted under it).
    expect((await writer.call('POST', `/api/presence/${trashed.id}/leave`, { sessionId: 'window-one-1234' })).status).toBe(200);

    const bad = await writer.call('POST', `/api/presence/${fileId}`, { sessionId: 'no spaces <allowed>' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
  });
});
