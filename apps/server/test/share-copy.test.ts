import { SHARE_COPY_MESSAGES, type ProvenanceAttrs } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';
import { picture, uploadImage } from './images-support';

/** 'Make a copy' of a shared document into the reader's own account (issue 42 item 5, docs/SHARING.md). */
const AI: ProvenanceAttrs = { operationId: 'op_copy-1', action: 'enhance', tier: 'premium', at: '2026-11-20T10:00:00.000Z' };

describe('POST /api/shares/{slug}/copy', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let fileId: string;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    author = await newUser(t.app, 'copied-author');
    reader = await newUser(t.app, 'copying-reader');
    // The picture is uploaded beside another document of the author's, then placed in the shared one.
    const holder = await author.call('POST', '/api/files/create', { filePath: 'Pictures', content: 'Holder.' });
    const image = await uploadImage(t.app, author, holder.body.file.id, await picture(40, 30));
    expect(image.status).toBe(200);
    const content: DocJSON = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Herons stand still for minutes.' }] },
        { type: 'image', attrs: { src: image.body.image.src, alt: 'A heron', caption: '', size: 'medium' } },
        { type: 'paragraph', content: [{ type: 'text', text: 'Then they strike.', marks: [{ type: 'aiProvenance', attrs: AI }] }] },
      ],
    };
    const created = await author.call('POST', '/api/files/create', {
      filePath: 'Field notes',
      content,
      metadata: { authenticity: 'Human', notes: 'Private notes.' },
    });
    expect(created.status).toBe(200);
    expect(created.body.file.content.content).toHaveLength(3);
    fileId = created.body.file.id;
    slug = (await author.call('POST', '/api/shares/create', { fileId })).body.shareSlug;
  });
  afterAll(() => t.close());

  it('copies the text with its AI provenance into the caller’s own account, without images, notes or tags; the original is untouched', async () => {
    const before = await author.call('POST', '/api/files/get', { fileId });
    const copy = await reader.call('POST', `/api/shares/${slug}/copy`);
    expect(copy.status).toBe(200);
    expect(copy.body.file.name).toBe('Field notes');

    const mine = await reader.call('POST', '/api/files/get', { fileId: copy.body.file.id });
    expect(mine.status).toBe(200);
    const blocks = mine.body.file.content.content as DocJSON[];
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    expect(blocks[1]!.content![0]!.marks).toEqual([{ type: 'aiProvenance', attrs: AI }]);
    expect(mine.body.file.metadata.originalName).toBe('Field notes');
    expect(mine.body.file.metadata.authenticity).toBe('Untagged');
    expect(mine.body.file.metadata.notes).toBeUndefined();
    // It is the reader's document only: the author cannot open it, and the original did not change.
    expect((await author.call('POST', '/api/files/get', { fileId: copy.body.file.id })).status).toBe(404);
    const after = await author.call('POST', '/api/files/get', { fileId });
    expect(after.body.file.revision).toBe(before.body.file.revision);

    // A second copy gets a name of its own.
    const again = await reader.call('POST', `/api/shares/${slug}/copy`);
    expect(again.body.file.name).toBe('Field notes 2');
  });

  it('is refused once the share is switched off, for an unknown slug and without sign-in', async () => {
    const other = await author.call('POST', '/api/files/create', { filePath: 'Soon private', content: 'Words.' });
    const otherSlug = (await author.call('POST', '/api/shares/create', { fileId: other.body.file.id })).body.shareSlug;
    await author.call('POST', '/api/shares/disable', { fileId: other.body.file.id });
    for (const gone of [otherSlug, 'A'.repeat(24), 'not-a-slug']) {
      const res = await reader.call('POST', `/api/shares/${gone}/copy`);
      expect(res.status, gone).toBe(404);
      expect(res.body.error.code, gone).toBe('share_not_found');
    }
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/shares/${slug}/copy` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is offered on the shared page as a plain link through the app’s sign-in', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/share/${slug}`, remoteAddress: '192.0.2.90' });
    expect(page.body).toContain(`<a class="copy" href="/app?copy=${slug}" rel="nofollow">Make a copy</a>`);
    expect(SHARE_COPY_MESSAGES.copied('Field notes')).toBe('A copy of “Field notes” is in your documents.');
  });
});
