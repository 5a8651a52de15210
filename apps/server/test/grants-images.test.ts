import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';
import { picture, uploadImage } from './images-support';

/** Images of a shared document (docs/IMAGES.md, docs/SHARING.md "People"): read by everyone with access, added by its writers. */
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe('images of a shared document', () => {
  let t: TestApp;
  let owner: TestUser;
  let fileId: string;

  /** A fresh account given `role` on the document through its copyable invitation link. */
  async function invited(label: string, role: 'viewer' | 'commenter' | 'editor'): Promise<TestUser> {
    const person = await newUser(t.app, label);
    const invite = await owner.call('POST', '/api/grants/invite', { fileId, email: `${label}@example.com`, role });
    expect((await person.call('POST', `/api/grants/accept/${String(invite.body.link).split('/app/invite/')[1]}`)).status).toBe(200);
    return person;
  }
  const read = (who: TestUser, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: { authorization: `Bearer ${who.token}`, 'x-tenant-id': who.sub } });
  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    owner = await newUser(t.app, 'img-owner');
    fileId = (await owner.call('POST', '/api/files/create', { filePath: 'Pictured', content: doc('With a picture.') })).body.file.id;
  });
  afterAll(() => t.close());

  it('are read by the people it is shared with while they have access; by nobody else', async () => {
    const image = (await uploadImage(t.app, owner, fileId, await picture(40, 30))).body.image as { id: string };
    const guest = await invited('img-guest', 'viewer');
    const stranger = await newUser(t.app, 'img-stranger');
    const asGuest = await read(guest, image.id);
    expect(asGuest.statusCode).toBe(200);
    expect(asGuest.headers['content-type']).toBe('image/png');
    expect(asGuest.rawPayload.equals((await read(owner, image.id)).rawPayload)).toBe(true);
    expect((await read(stranger, image.id)).statusCode).toBe(404);
    await owner.call('POST', '/api/grants/remove', { fileId, granteeId: guest.sub });
    expect((await read(guest, image.id)).statusCode).toBe(404);
  });

  it("are added by an Editor into the owner's document and storage; a Viewer or Commenter is refused, a stranger or a removed Editor gets 404", async () => {
    const editor = await invited('img-editor', 'editor');
    const added = await uploadImage(t.app, editor, fileId, await picture(32, 24));
    expect(added.status).toBe(200);
    const image = added.body.image as { id: string; src: string };
    // The owner's image: read as their own, in their storage's usage, and in their export of the document.
    expect((await read(owner, image.id)).statusCode).toBe(200);
    expect((await read(editor, image.id)).statusCode).toBe(200);
    const content = { type: 'doc', content: [...doc('With a chart.').content, { type: 'image', attrs: { src: image.src, alt: 'Chart' } }] };
    const baseRevision = (await owner.call('POST', '/api/files/get', { fileId })).body.file.revision as number;
    const saved = await editor.call('POST', '/api/files/content-only-update', { fileId, content, baseRevision, operationId: 'img-save-1' });
    expect(saved.body.saved).toBe(true);
    const exported = await owner.call('GET', `/api/files/by-id/${fileId}/download?format=html`);
    expect(String(exported.body)).toContain('src="data:image/png;base64,');

    for (const role of ['viewer', 'commenter'] as const) {
      const refused = await uploadImage(t.app, await invited(`img-${role}`, role), fileId, await picture(10, 10));
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('role_refused');
    }
    const stranger = await uploadImage(t.app, await newUser(t.app, 'img-outsider'), fileId, await picture(10, 10));
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('file_not_found');
    await owner.call('POST', '/api/grants/remove', { fileId, granteeId: editor.sub });
    expect((await uploadImage(t.app, editor, fileId, await picture(12, 12))).status).toBe(404);
  });
});
