import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_EXPORT } from '@bree/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readArchive, exportAs, json, writeDocument, writeFeedback } from './account-export-support';
import { createAiTestApp } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

/** 'Export all my data' (docs/ACCOUNT.md "Export all my data"): GET /api/account/export. */
describe('export all my data', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bree-export-'));
    ({ t, fake } = await createAiTestApp({ DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
  });

  /** One of everything the export holds, for `label`'s account. */
  async function fullAccount(label: string): Promise<{ user: TestUser; ids: Record<string, string> }> {
    const user = await newUser(t.app, label);
    const essay = await writeDocument(user, {
      name: `${label} essay`,
      texts: [`${label} first draft`, `${label} second draft`, `${label} final words`],
      authenticity: 'Human',
    });
    const notes = await writeDocument(user, { name: `${label} notes`, texts: [`${label} notes one`, `${label} notes two`, `${label} notes three`] });
    const trashed = (await user.call('POST', '/api/files/create', { filePath: `${label} old`, content: doc(`${label} trashed text`) })).body.file.id as string;
    expect((await user.call('POST', '/api/files/bulk-delete', { fileIds: [trashed] })).status).toBe(200);
    expect((await user.call('POST', `/api/chat/${essay}/messages`, { message: `${label} asks about the essay` })).status).toBe(200);
    expect(
      (await user.call('PUT', '/api/voice/profile', { styleGuide: `- ${label} writes short sentences.`, userNotes: `${label} avoids semicolons.` })).status,
    ).toBe(200);
    await writeFeedback(t, user, `${label} says the editor is lovely`);
    return { user, ids: { essay, notes, trashed } };
  }

  it('holds every document as Markdown and stored JSON, its versions, tags, metadata and chat, the voice, feedback, usage and a README', async () => {
    const { user: me, ids } = await fullAccount('ada');
    expect((await me.call('POST', '/api/versions/name', { fileId: ids.essay, name: 'ada named draft' })).status).toBe(200);
    const res = await exportAs(t, me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="bree-export-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz"/);
    expect(res.headers[ACCOUNT_EXPORT.documentsHeader]).toBe('3');
    const entries = await readArchive(res.rawPayload);

    const readme = entries.get('README.md')!.toString('utf8');
    expect(readme).toContain('npm run import-account');
    expect(readme).toContain('documents/<name>/document.json');
    expect(json(entries, 'bree-export.json')).toMatchObject({
      format: 'bree-account-export',
      version: 1,
      account: { id: me.sub, email: expect.stringContaining('ada-') },
      counts: { documents: 2, trashed: 1 },
    });

    // The essay: Markdown, the stored tree, its meta (tag, metadata), both versions and its chat.
    expect(entries.get('documents/ada essay/document.md')!.toString('utf8')).toContain('ada final words');
    expect(json(entries, 'documents/ada essay/document.json')).toEqual(expect.objectContaining({ type: 'doc' }));
    expect(JSON.stringify(json(entries, 'documents/ada essay/document.json'))).toContain('ada final words');
    expect(json(entries, 'documents/ada essay/meta.json')).toMatchObject({
      id: ids.essay,
      name: 'ada essay.txt',
      inTrash: false,
      isVoiceSample: true,
      revision: 3,
      metadata: { authenticity: 'Human', description: 'About ada essay' },
    });
    const versions = [...entries.keys()].filter((name) => name.startsWith('documents/ada essay/versions/')).sort();
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const versionTexts = versions.map((name) => JSON.stringify(json(entries, name)));
    expect(versionTexts.join()).toContain('ada second draft');
    expect(versionTexts.join()).toContain('"name":"ada named draft"');
    expect(json(entries, versions[0]!)).toMatchObject({ revision: expect.any(Number), reason: expect.any(String), content: { type: 'doc' } });
    const chat = json(entries, 'documents/ada essay/chat.json');
    expect(chat.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(chat[0].content).toBe('ada asks about the essay');

    // The untagged notes and the document in the Trash, in its own folder.
    expect(json(entries, 'documents/ada notes/meta.json')).toMatchObject({ id: ids.notes, isVoiceSample: false, metadata: { authenticity: 'Untagged' } });
    expect(entries.get('documents/ada notes/document.md')!.toString('utf8')).toContain('ada notes three');
    expect(json(entries, 'trash/ada old/meta.json')).toMatchObject({ id: ids.trashed, inTrash: true, deletedAt: expect.any(String) });
    expect(entries.get('trash/ada old/document.md')!.toString('utf8')).toContain('ada trashed text');

    // The voice: the profile and which documents teach it.
    expect(json(entries, 'voice/profile.json')).toMatchObject({ styleGuide: '- ada writes short sentences.', userNotes: 'ada avoids semicolons.' });
    expect(json(entries, 'voice/samples.json')).toEqual([{ id: ids.essay, name: 'ada essay.txt', folder: 'documents/ada essay' }]);

    // Feedback with its screenshot's bytes, and the chat call's usage.
    const feedback = json(entries, 'feedback/feedback.json');
    expect(feedback).toHaveLength(1);
    expect(feedback[0]).toMatchObject({ message: 'ada says the editor is lovely', attachments: [{ kind: 'screenshot', filename: 'screen shot.png' }] });
    const screenshot = entries.get(feedback[0].attachments[0].entry)!;
    expect(screenshot.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(json(entries, 'usage/months.json')[0]).toMatchObject({ premiumCalls: 1 });
    expect(json(entries, 'usage/calls-0001.json')).toEqual([expect.objectContaining({ fileId: ids.essay, tier: 'premium', calls: 1 })]);
    // Never the internal columns of another module's bookkeeping.
    expect(JSON.stringify(json(entries, 'usage/months.json'))).not.toContain('tenantId');
  });

  it("holds only the signed-in account's data, never another's", async () => {
    const { user: me } = await fullAccount('mine');
    const { user: other, ids: theirs } = await fullAccount('theirs');
    const entries = await readArchive((await exportAs(t, me)).rawPayload);
    const everything = [...entries].map(([name, bytes]) => `${name}\n${bytes.toString('utf8')}`).join('\n');
    expect(everything).toContain('mine final words');
    for (const foreign of ['theirs', other.sub, ...Object.values(theirs)]) expect(everything).not.toContain(foreign);
    // A tenant named in the request must be the token's own.
    const claimed = await t.app.inject({
      method: 'GET',
      url: `/api/account/export?tenantId=${encodeURIComponent(other.sub)}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(claimed.statusCode).toBe(403);
    expect(claimed.json().error.code).toBe('tenant_mismatch');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).json().error.code).toBe('unauthorized');
  });

  it('streams a large account page after page, one export at a time, a few an hour', async () => {
    const me = await newUser(t.app, 'large');
    const count = 110; // more than two pages of documents
    for (let i = 0; i < count; i++) {
      expect(
        (
          await me.call('POST', '/api/files/create', {
            filePath: `Chapter ${i}`,
            content: doc(`chapter ${i} `.repeat(20), randomBytes(6_000).toString('base64')),
          })
        ).status,
      ).toBe(200);
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // Plain requests on connections of their own (no keep-alive pool), as a browser's download.
    const download = () =>
      new Promise<IncomingMessage>((resolve, reject) =>
        get(
          { host: '127.0.0.1', port, path: '/api/account/export', agent: false, headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub } },
          resolve,
        ).on('error', reject),
      );

    // The first export is read a chunk at a time: no length up front, the count in a header.
    const first = await download();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-length']).toBeUndefined();
    expect(first.headers[ACCOUNT_EXPORT.documentsHeader]).toBe(String(count));
    const chunks: Buffer[] = [await new Promise<Buffer>((resolve) => first.once('data', resolve))];
    first.pause();

    // While it is being made, a second is refused.
    const second = await exportAs(t, me);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('export_in_progress');

    first.on('data', (chunk: Buffer) => chunks.push(chunk));
    first.resume();
    await new Promise((resolve) => first.on('end', resolve));
    expect(chunks.length).toBeGreaterThan(1);
    const entries = await readArchive(Buffer.concat(chunks));
    const metas = [...entries.keys()].filter((name) => name.endsWith('/meta.json'));
    expect(metas).toHaveLength(count);
    expect(entries.get('documents/Chapter 109/document.md')!.toString('utf8')).toContain('chapter 109');

    // A download abandoned half-way ends its export: the next one starts at once.
    const partial = await download();
    await new Promise((resolve) => partial.once('data', resolve));
    partial.destroy();
    await expect.poll(async () => (await exportAs(t, me)).statusCode, { timeout: 5000 }).toBe(200);

    // Three exports so far; the hour allows ACCOUNT_EXPORT.rateMax.
    for (let n = 3; n < ACCOUNT_EXPORT.rateMax; n++) expect((await exportAs(t, me)).statusCode).toBe(200);
    const refused = await exportAs(t, me);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
