import { randomUUID } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newBlockId } from '@bree/editor';
import type { VariantOperationJob } from '../src/modules/ai/operations/operations.runner';
import { createFilesPort } from '../src/modules/files/files.port';
import { periodOf } from '../src/modules/usage/usage.plans';
import { createVariantSink } from '../src/modules/workspaces/workspaces.generation';
import { createWorkspacesRepository } from '../src/modules/workspaces/workspaces.repository';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

const texts = (body: { file: { content: { content: { content?: { text: string }[] }[] } } }) =>
  body.file.content.content.map((p) => p.content?.map((c) => c.text).join('') ?? '');

describe('variants in step with their master, and the workspace export', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;

  beforeAll(async () => {
    // The Free plan: its $1 credit is what the budget test spends.
    ({ t, fake } = await createAiTestApp({ DEFAULT_PLAN: 'free' }));
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, 'ws-sync');
    fake.requests.length = 0;
  });

  async function workspace(name = 'Harbour'): Promise<string> {
    const id = (await me.call('POST', '/api/files/create', { filePath: name, content: doc('The harbour at dawn.', 'Gulls over the ferry.') })).body.file
      .id as string;
    expect((await me.call('POST', '/api/workspaces/convert', { fileId: id })).status).toBe(200);
    return id;
  }

  async function saveMaster(masterId: string, text: string): Promise<void> {
    const file = await me.call('POST', '/api/files/get', { fileId: masterId });
    const res = await me.call('POST', '/api/files/content-only-update', {
      fileId: masterId,
      content: doc(text),
      baseRevision: file.body.file.revision,
      operationId: randomUUID(),
    });
    expect(res.status).toBe(200);
  }

  it('says a variant is stale once the master changes; update from master makes it again with the same action and instructions, keeping the old text as a version', async () => {
    const masterId = await workspace();
    fake.script({ kind: 'stream', chunks: ['First version of the story.'] });
    const created = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'storify', instructions: 'Make the gulls the heroes.' });
    await readStream(me, created.body.operationId);
    const variantId = created.body.variantId as string;
    expect((await me.call('GET', `/api/workspaces/metadata/${variantId}`)).body).toMatchObject({ stale: false, status: 'ready' });

    await saveMaster(masterId, 'The harbour at night, rewritten.');
    const stale = (await me.call('GET', `/api/workspaces/metadata/${variantId}`)).body;
    expect(stale).toMatchObject({ stale: true, instructions: 'Make the gulls the heroes.' });
    expect(stale.currentMasterRevision).toBeGreaterThan(stale.masterRevision);
    expect((await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items[1].stale).toBe(true);

    fake.requests.length = 0;
    fake.script({ kind: 'stream', chunks: ['Second version of the story.'] });
    const updated = await me.call('POST', `/api/workspaces/variants/${variantId}/update-from-master`, {});
    expect(updated.body).toMatchObject({ success: true, variantId, status: 'generating' });
    const { events } = await readStream(me, updated.body.operationId);
    expect(events.at(-1)).toEqual({ event: 'variant', data: { variantId, status: 'ready' } });
    // The same action and instructions, on the master's new text.
    expect(fake.requests[0]!.text).toContain('Retell the document as a story');
    expect(fake.requests[0]!.text).toContain('Make the gulls the heroes.');
    expect(fake.requests[0]!.text).toContain('The harbour at night, rewritten.');

    expect(texts((await me.call('POST', '/api/files/get', { fileId: variantId })).body)).toEqual(['Second version of the story.']);
    expect((await me.call('GET', `/api/workspaces/metadata/${variantId}`)).body.stale).toBe(false);
    const versions = (await me.call('GET', `/api/versions/list?fileId=${variantId}`)).body.versions as { reason: string; preview: string }[];
    const kept = versions.find((v) => v.reason === 'before-update');
    expect(kept?.preview).toContain('First version of the story.');
  });

  it('does not run a retried generation again once it ended, nor one that a newer generation replaced', async () => {
    const masterId = await workspace('Retried');
    const created = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'vary' });
    await readStream(me, created.body.operationId);
    const db = t.database.db;
    const files = createFilesPort({ db, newId: randomUUID });
    const sink = createVariantSink({ repository: createWorkspacesRepository({ db, files }), writer: files.writer, newBlockId });
    const job = (operationId: string) =>
      ({
        operationId,
        tenantId: me.sub,
        fileId: created.body.variantId,
        action: 'vary',
        variant: { variantId: created.body.variantId, update: false },
      }) as VariantOperationJob;
    // The first run stored it: a retry of the same job tells 'ready' without calling the model.
    expect(await sink.ended(job(created.body.operationId))).toEqual({ event: 'variant', data: { variantId: created.body.variantId, status: 'ready' } });
    // A job of an older generation writes nothing.
    const stale = job(randomUUID());
    expect((await sink.ended(stale))?.event).toBe('error');
    const before = (await me.call('POST', '/api/files/get', { fileId: created.body.variantId })).body.file.revision;
    expect((await sink.store(stale, { text: 'Overwrite?', failure: null, reported: null })).event).toBe('error');
    expect((await me.call('POST', '/api/files/get', { fileId: created.body.variantId })).body.file.revision).toBe(before);
  });

  it('updates a Duplicate from the master without AI, keeping its old text as a version', async () => {
    const masterId = await workspace('Copy source');
    const variantId = (await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
    await saveMaster(masterId, 'Newer master words.');
    expect((await me.call('GET', `/api/workspaces/metadata/${variantId}`)).body.stale).toBe(true);
    const updated = await me.call('POST', `/api/workspaces/variants/${variantId}/update-from-master`, {});
    expect(updated.body).toMatchObject({ operationId: null, status: 'ready', variant: { stale: false } });
    expect(texts((await me.call('POST', '/api/files/get', { fileId: variantId })).body)).toEqual(['Newer master words.']);
    const versions = (await me.call('GET', `/api/versions/list?fileId=${variantId}`)).body.versions as { reason: string; preview: string }[];
    expect(versions.find((v) => v.reason === 'before-update')?.preview).toContain('The harbour at dawn.');
    expect(fake.requests).toHaveLength(0);
  });

  it('exports the master and every variant as one zip of .md or .docx files', async () => {
    const masterId = await workspace('Voyage');
    fake.script({ kind: 'stream', chunks: ['Subject: The ferry\n\nDear reader, the gulls.'] });
    const email = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'emailify' });
    await readStream(me, email.body.operationId);
    await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' });

    const md = await t.app.inject({ method: 'GET', url: `/api/workspaces/${masterId}/export?format=md`, headers: { authorization: `Bearer ${me.token}` } });
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toBe('application/zip');
    expect(md.headers['content-disposition']).toContain('Voyage workspace.zip');
    const entries = unzipSync(new Uint8Array(md.rawPayload));
    expect(Object.keys(entries)).toEqual(['Voyage.md', 'Voyage (Emailify).md', 'Voyage (Duplicate).md']);
    expect(strFromU8(entries['Voyage.md']!)).toContain('The harbour at dawn.');
    expect(strFromU8(entries['Voyage (Emailify).md']!)).toContain('Subject: The ferry');
    // The AI-written variant is marked in Bree; its exported file carries no trace of it.
    expect(JSON.stringify((await me.call('POST', '/api/files/get', { fileId: email.body.variantId })).body)).toContain('aiProvenance');
    for (const entry of Object.values(entries)) expect(strFromU8(entry)).not.toMatch(/aiProvenance|data-ai-|bree-ai-text|Written by you/);

    const docx = await t.app.inject({ method: 'GET', url: `/api/workspaces/${masterId}/export?format=docx`, headers: { authorization: `Bearer ${me.token}` } });
    const docxEntries = unzipSync(new Uint8Array(docx.rawPayload));
    expect(Object.keys(docxEntries)).toHaveLength(3);
    // Each entry is itself a Word document (a zip starting with PK).
    expect(strFromU8(docxEntries['Voyage.docx']!.slice(0, 2))).toBe('PK');
    expect((await me.call('GET', `/api/workspaces/${masterId}/export?format=pdf`)).status).toBe(400);
  });

  it('refuses an AI variant with 402 budget_exceeded when the plan has no room, creating nothing', async () => {
    const masterId = await workspace('Spent');
    // The month's whole $1 credit is spent.
    await t.database.query('insert into usage_periods (tenant_id, period, cost) values ($1, $2, 1)', [me.sub, periodOf(new Date())]);
    const before = (await me.call('GET', '/api/files/list-paged')).body.items.length;
    const res = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'threadify', instructions: 'Short.' });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('budget_exceeded');
    expect(fake.requests).toHaveLength(0);
    expect((await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items).toHaveLength(1);
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from files where tenant_id = $1', [me.sub]);
    expect(row!.n).toBe(before);
    // A Duplicate uses no AI and is still made.
    expect((await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).status).toBe(200);
  });
});
