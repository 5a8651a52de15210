import { VARIANT_ACTIONS, WORKSPACES, type VariantAction } from '@bree/contracts';
import { authorshipOf, validateDoc, type DocJSON } from '@bree/editor';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

/** A phrase of each action's own prompt file: proof the right instructions reached the model. */
const ACTION_PHRASES: Record<VariantAction, string> = {
  vary: 'approached from a new angle',
  shrinkify: 'Condense the whole document to about half its length',
  expandify: 'Expand the whole document',
  emailify: 'Turn the document into an email',
  postify: 'ONE social media post',
  storify: 'Retell the document as a story',
  threadify: 'a thread of posts',
};

const SAMPLE = 'The lighthouse keeper counted gulls every morning before the ferry came.';
const MASTER_TEXT = ['The lighthouse keeper and the gulls at dawn.', 'A second paragraph about the ferry.'];

describe('workspaces and variants', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp());
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, 'ws');
    fake.requests.length = 0;
  });

  async function workspace(): Promise<string> {
    const id = (await me.call('POST', '/api/files/create', { filePath: 'Harbour', content: doc(...MASTER_TEXT) })).body.file.id as string;
    const converted = await me.call('POST', '/api/workspaces/convert', { fileId: id });
    expect(converted.status).toBe(200);
    return id;
  }

  /** Starts a variant and waits for its operation's last event. */
  async function aiVariant(masterId: string, type: VariantAction, extra: Record<string, unknown> = {}) {
    const res = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { events } = await readStream(me, res.body.operationId);
    return { res, last: events.at(-1)! };
  }

  it('converts a document into the master of a Standard workspace, once', async () => {
    const id = (await me.call('POST', '/api/files/create', { content: doc('Plain words.') })).body.file.id as string;
    expect((await me.call('GET', `/api/workspaces/metadata/${id}`)).body).toMatchObject({ isMaster: false, workspaceId: null, variants: [] });
    const first = await me.call('POST', '/api/workspaces/convert', { fileId: id });
    expect(first.body).toMatchObject({
      success: true,
      workspace: { masterFileId: id, workspaceType: 'standard' },
      metadata: { isMaster: true, isWorkspaceMaster: true },
    });
    const again = await me.call('POST', '/api/workspaces/convert', { fileId: id });
    expect(again.body.workspace.workspaceId).toBe(first.body.workspace.workspaceId);
    // The editor reads the same fields from the document's own metadata.
    const file = await me.call('POST', '/api/files/get', { fileId: id });
    expect(file.body.file.metadata).toMatchObject({ isMaster: true, isWorkspaceMaster: true, workspaceId: first.body.workspace.workspaceId });
    // Variant actions need a workspace; a variant cannot become one.
    const plain = (await me.call('POST', '/api/files/create', { content: doc('Other.') })).body.file.id as string;
    expect((await me.call('POST', `/api/workspaces/${plain}/variants`, { type: 'duplicate' })).body.error.code).toBe('workspace_required');
    const dup = await me.call('POST', `/api/workspaces/${id}/variants`, { type: 'duplicate' });
    const refused = await me.call('POST', '/api/workspaces/convert', { fileId: dup.body.variantId });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('variant_not_convertible');
  });

  it('duplicates without AI: a ready variant holding the current content, out of the main list, counted on the master row', async () => {
    const masterId = await workspace();
    const res = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate', currentContent: doc('Unsaved editor text.') });
    expect(res.body).toMatchObject({
      success: true,
      operationId: null,
      status: 'ready',
      variant: { variantLabel: 'Duplicate', variantType: 'duplicate', isMaster: false },
    });
    expect(fake.requests).toHaveLength(0);
    const copy = await me.call('POST', '/api/files/get', { fileId: res.body.variantId });
    expect(copy.body.file.contentText ?? copy.body.file.content.content[0].content[0].text).toBe('Unsaved editor text.');
    expect(copy.body.file.metadata).toMatchObject({ masterFileId: masterId, variantType: 'duplicate', variantLabel: 'Duplicate' });

    const list = await me.call('GET', '/api/files/list-paged');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((f: { id: string }) => f.id)).toEqual([masterId]);
    expect(list.body.items[0].variantCount).toBe(1);
    const search = await me.call('GET', '/api/files/search?q=harbour');
    expect(search.body.items.map((f: { id: string }) => f.id)).toEqual([masterId]);
  });

  it('duplicates the master as it is, its AI provenance marks included', async () => {
    const masterId = await workspace();
    const attrs = { operationId: 'op-earlier', action: 'expand', tier: 'premium', at: '2026-11-01T08:00:00.000Z' };
    const marked = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Accepted words.', marks: [{ type: 'aiProvenance', attrs }] }] }],
    };
    const res = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate', currentContent: marked });
    const copy = (await me.call('POST', '/api/files/get', { fileId: res.body.variantId })).body.file;
    expect(copy.content.content[0].content[0].marks).toEqual([{ type: 'aiProvenance', attrs }]);
    expect(authorshipOf(copy.content as DocJSON)).toEqual({ textChars: 'Acceptedwords.'.length, aiChars: 'Acceptedwords.'.length });
  });

  it.each(VARIANT_ACTIONS)(
    '%s: the prompt carries its instructions, the focus and the voice; the variant is a real document of the workspace',
    async (action) => {
      await me.call('POST', '/api/files/create', { filePath: 'Sample', content: doc(SAMPLE), isRepository: true });
      const masterId = await workspace();
      const focus = `Focus on the ${action} angle for sailors.`;
      const { res, last } = await aiVariant(masterId, action, { instructions: focus, providerMode: 'fast' });
      expect(res.body).toMatchObject({ status: 'generating', variant: { variantType: action, status: 'generating' } });
      expect(last).toEqual({ event: 'variant', data: { variantId: res.body.variantId, status: 'ready' } });

      const request = fake.requests.at(-1)!;
      expect(request.model).toBe('fake-fast');
      expect(request.text).toContain(ACTION_PHRASES[action]);
      expect(request.text).toContain(focus);
      expect(request.text).toContain(SAMPLE);
      expect(request.text).toContain(MASTER_TEXT[0]);

      const variant = await me.call('POST', '/api/files/get', { fileId: res.body.variantId });
      expect(() => validateDoc(variant.body.file.content)).not.toThrow();
      expect(variant.body.file.content.content.length).toBeGreaterThan(0);
      // The AI wrote all of it: 100 % AI-assisted, every character marked with this operation (docs/PROVENANCE.md).
      const figures = authorshipOf(variant.body.file.content as DocJSON);
      expect(figures.textChars).toBeGreaterThan(0);
      expect(figures.aiChars).toBe(figures.textChars);
      const texts = (node: DocJSON): DocJSON[] => (node.type === 'text' ? [node] : (node.content ?? []).flatMap(texts));
      for (const text of texts(variant.body.file.content as DocJSON)) {
        expect(text.marks).toContainEqual({
          type: 'aiProvenance',
          attrs: { operationId: res.body.operationId, action, tier: 'fast', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        });
      }
      expect(variant.body.file.metadata).toMatchObject({
        masterFileId: masterId,
        variantType: action,
        isThreadify: action === 'threadify',
        authenticity: 'AI',
      });

      const picker = await me.call('GET', `/api/workspaces/${masterId}/files`);
      expect(picker.body.items.map((i: { fileId: string; isMaster: boolean }) => [i.fileId, i.isMaster])).toEqual([
        [masterId, true],
        [res.body.variantId, false],
      ]);
      expect(picker.body.items[1]).toMatchObject({ variantLabel: action[0]!.toUpperCase() + action.slice(1), status: 'ready', stale: false });
      const meta = await me.call('GET', `/api/workspaces/metadata/${masterId}`);
      expect(meta.body.variants).toEqual([res.body.variantId]);
      const list = await me.call('GET', '/api/files/list-paged');
      expect(list.body.items.map((f: { id: string }) => f.id)).not.toContain(res.body.variantId);
      expect(list.body.items.find((f: { id: string }) => f.id === masterId).variantCount).toBe(1);
      // Versions, like any document.
      expect((await me.call('GET', `/api/versions/list?fileId=${res.body.variantId}`)).body.versions.length).toBeGreaterThan(0);
    },
  );

  it('Threadify numbers the posts and splits any longer than 280 characters', async () => {
    const masterId = await workspace();
    const long = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} of a very long post.`).join(' ');
    const remove = fake.answer(/a thread of posts/, `1/3 A short opening.\n\n2/3 ${long}\n\n3/3 The end.`);
    const { res } = await aiVariant(masterId, 'threadify');
    remove();
    const posts = (await me.call('POST', '/api/files/get', { fileId: res.body.variantId })).body.file.content.content.map(
      (p: { content: { text: string }[] }) => p.content[0]!.text,
    );
    expect(posts.length).toBeGreaterThan(3);
    posts.forEach((post: string, i: number) => {
      expect(post.length).toBeLessThanOrEqual(WORKSPACES.maxThreadPost);
      expect(post.startsWith(`${i + 1}/${posts.length} `)).toBe(true);
    });
    expect(posts[0]).toBe(`1/${posts.length} A short opening.`);
    expect((await me.call('GET', `/api/workspaces/metadata/${res.body.variantId}`)).body).toMatchObject({ isThreadify: true, masterFileId: masterId });
  });

  it('refuses instructions over 500 characters with 400 instructions_too_long, creating nothing', async () => {
    const masterId = await workspace();
    const ok = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate', instructions: 'x'.repeat(500) });
    expect(ok.status).toBe(200);
    const res = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'vary', instructions: 'x'.repeat(501) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('instructions_too_long');
    expect((await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items).toHaveLength(2);
  });

  it('marks a variant failed with the reason when the provider fails, and a new one can replace it', async () => {
    const masterId = await workspace();
    fake.script({ kind: 'status', status: 400 });
    const { res, last } = await aiVariant(masterId, 'postify');
    expect(last.event).toBe('error');
    expect(last.data.code).toBe('variant_failed');
    const meta = (await me.call('GET', `/api/workspaces/metadata/${res.body.variantId}`)).body;
    expect(meta).toMatchObject({ status: 'failed', failure: expect.any(String) });
    expect(meta.failure.length).toBeGreaterThan(0);
  });

  it('renames a variant label and deletes a variant (to the Trash, out of the picker)', async () => {
    const masterId = await workspace();
    const a = (await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
    const b = (await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
    expect((await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items.map((i: { variantLabel: string | null }) => i.variantLabel)).toEqual([
      null,
      'Duplicate',
      'Duplicate 2',
    ]);
    const renamed = await me.call('PATCH', `/api/workspaces/variants/${a}`, { variantLabel: '  For LinkedIn  ' });
    expect(renamed.body).toMatchObject({ success: true, variant: { fileId: a, variantLabel: 'For LinkedIn' } });
    expect((await me.call('GET', `/api/workspaces/metadata/${a}`)).body.variantLabel).toBe('For LinkedIn');
    expect((await me.call('PATCH', `/api/workspaces/variants/${masterId}`, { variantLabel: 'x' })).body.error.code).toBe('variant_not_found');

    expect((await me.call('DELETE', `/api/workspaces/variants/${b}`)).body).toEqual({ success: true, variantId: b });
    expect((await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items.map((i: { fileId: string }) => i.fileId)).toEqual([masterId, a]);
    expect((await me.call('GET', '/api/files/trash')).body.items.map((i: { id: string }) => i.id)).toContain(b);
    expect((await me.call('GET', '/api/files/list-paged')).body.items[0].variantCount).toBe(1);
  });

  it('takes the variants to the Trash with their master; a variant whose master was deleted for good comes back as a plain document', async () => {
    const masterId = await workspace();
    const variantId = (await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
    expect((await me.call('POST', '/api/files/bulk-delete', { fileIds: [masterId] })).body).toEqual({ success: true, deleted: [masterId], notFound: [] });
    expect((await me.call('GET', '/api/files/trash')).body.items.map((i: { id: string }) => i.id).sort()).toEqual([masterId, variantId].sort());

    expect((await me.call('DELETE', `/api/files/${masterId}/forever`)).status).toBe(200);
    const restored = await me.call('POST', `/api/files/${variantId}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.file.metadata.masterFileId).toBeUndefined();
    expect((await me.call('GET', '/api/files/list-paged')).body.items.map((f: { id: string }) => f.id)).toEqual([variantId]);
    expect((await me.call('GET', `/api/workspaces/metadata/${variantId}`)).body).toMatchObject({ masterFileId: null, workspaceId: null, variantType: null });
  });

  it('restores a variant deleted alone back into its workspace', async () => {
    const masterId = await workspace();
    const variantId = (await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
    await me.call('DELETE', `/api/workspaces/variants/${variantId}`);
    const restored = await me.call('POST', `/api/files/${variantId}/restore`);
    expect(restored.body.file.metadata.masterFileId).toBe(masterId);
    expect((await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items.map((i: { fileId: string }) => i.fileId)).toEqual([masterId, variantId]);
    expect((await me.call('GET', '/api/files/list-paged')).body.items.map((f: { id: string }) => f.id)).toEqual([masterId]);
  });

  it("answers 404 for another tenant's master and variant on every workspace route", async () => {
    const masterId = await workspace();
    const variantId = (await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
    const other = await newUser(t.app, 'intruder');
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/workspaces/convert', { fileId: masterId }],
      ['GET', `/api/workspaces/metadata/${masterId}`],
      ['GET', `/api/workspaces/metadata/${variantId}`],
      ['GET', `/api/workspaces/${masterId}/files`],
      ['GET', `/api/workspaces/${variantId}/files`],
      ['POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' }],
      ['POST', `/api/workspaces/${masterId}/variants`, { type: 'vary' }],
      ['PATCH', `/api/workspaces/variants/${variantId}`, { variantLabel: 'Mine now' }],
      ['DELETE', `/api/workspaces/variants/${variantId}`],
      ['POST', `/api/workspaces/variants/${variantId}/update-from-master`, {}],
      ['GET', `/api/workspaces/${masterId}/export?format=md`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.call(method as 'GET', url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // A document of mine named as the current document of another tenant's workspace is not found either.
    const mine = (await other.call('POST', '/api/files/create', { content: doc('Mine.') })).body.file.id as string;
    await other.call('POST', '/api/workspaces/convert', { fileId: mine });
    const res = await other.call('POST', `/api/workspaces/${mine}/variants`, { type: 'duplicate', currentDocumentId: variantId });
    expect(res.status).toBe(404);
    expect(fake.requests).toHaveLength(0);
    // Nothing changed for the owner.
    expect((await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items).toHaveLength(2);
  });
});
