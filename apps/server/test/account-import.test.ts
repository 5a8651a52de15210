import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importAccountCommand } from '../src/cli/import-account';
import { exportAs, json, readArchive, writeDocument } from './account-export-support';
import { doc, newUser, type TestUser } from './api-client';
import { root } from './backup-support';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** A gzipped tar of `entries`, in their order. */
async function writeArchive(entries: Map<string, Buffer>): Promise<Buffer> {
  const archive = pack();
  for (const [name, data] of entries) archive.entry({ name }, data);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of (archive as unknown as Readable).pipe(createGzip())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function newDocument(user: TestUser) {
  expect((await user.call('POST', '/api/files/create', { filePath: 'Draft', content: doc('a draft') })).status).toBe(200);
}

/** What a command wrote, as text. */
function captured() {
  let text = '';
  const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

/** `npm run import-account` of an archive of 'Export all my data' (docs/ACCOUNT.md "Export all my data"). */
describe('import an exported account', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bree-import-'));
    t = await createTestApp({ DATA_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
  });

  async function runImport(argv: string[]) {
    const stdout = captured();
    const stderr = captured();
    const code = await importAccountCommand(argv, { stdout: stdout.stream, stderr: stderr.stream }, { database: t.database });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  it('recreates every document with its stored tree, tag, metadata, versions and Trash, and the voice profile, in another account', async () => {
    const writer = await newUser(t.app, 'exporter');
    const master = await writeDocument(writer, { name: 'Novel', texts: ['novel one', 'novel two', 'novel three'], authenticity: 'Human' });
    const variant = (
      await writer.call('POST', '/api/files/create', {
        filePath: 'Novel (formal)',
        content: doc('formal novel'),
        metadata: { masterFileId: master, variantLabel: 'Formal' },
      })
    ).body.file.id as string;
    const old = (await writer.call('POST', '/api/files/create', { filePath: 'Old idea', content: doc('an old idea') })).body.file.id as string;
    expect((await writer.call('POST', '/api/files/bulk-delete', { fileIds: [old] })).status).toBe(200);
    expect((await writer.call('PUT', '/api/voice/profile', { styleGuide: '- Plain words.', userNotes: 'Never say utilise.' })).status).toBe(200);
    const exported = await readArchive((await exportAs(t, writer)).rawPayload);
    const file = path.join(dir, 'bree-export.tar.gz');
    await writeFile(file, (await exportAs(t, writer)).rawPayload);

    const email = `importer-${Date.now()}@example.com`;
    const importer = await newUser(t.app, 'importer', email);
    await importer.call('POST', '/api/files/create', { filePath: 'Novel', content: doc('the importer’s own novel') });
    const run = await runImport(['--file', file, '--email', email.toUpperCase()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Imported 3 documents (1 in the Trash), 2 versions and the voice profile into ${email}.\n`);

    // Seen through the importer's own API: the documents beside its own, tags and metadata, the Trash and the voice.
    const listed = (await importer.call('GET', '/api/files/list')).body.files as { id: string; name: string; metadata: Record<string, unknown> }[];
    expect(listed.map((f) => f.name).sort()).toEqual(['Novel (formal).txt', 'Novel 2.txt', 'Novel.txt']);
    const novel = listed.find((f) => f.name === 'Novel 2.txt')!;
    expect(novel.metadata).toMatchObject({ authenticity: 'Human', description: 'About Novel' });
    expect(listed.find((f) => f.name === 'Novel (formal).txt')!.metadata).toMatchObject({ masterFileId: novel.id, variantLabel: 'Formal' });
    expect((await importer.call('GET', '/api/files/trash')).body.items.map((f: { name: string }) => f.name)).toEqual(['Old idea.txt']);
    expect((await importer.call('GET', '/api/voice/profile')).body).toMatchObject({ styleGuide: '- Plain words.', userNotes: 'Never say utilise.' });
    const versions = (await importer.call('GET', `/api/versions/list?fileId=${novel.id}`)).body.versions as { id: string }[];
    expect(versions).toHaveLength(2);

    // The importer's own export holds the same texts, trees and versions, file by file.
    const again = await readArchive((await exportAs(t, importer)).rawPayload);
    const comparable = (entries: Map<string, Buffer>, folder: string) => {
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        contentUpdatedAt: _cu,
        deletedAt: _d,
        revision: _r,
        metadata,
        ...meta
      } = json(entries, `${folder}/meta.json`);
      const { masterFileId: _m, ...ownMetadata } = metadata;
      const versionsOf = [...entries.keys()]
        .filter((name) => name.startsWith(`${folder}/versions/`))
        .sort()
        .map((name) => {
          const { id: _vid, ...version } = json(entries, name);
          return version;
        });
      return {
        meta: { ...meta, name: undefined, path: undefined },
        metadata: ownMetadata,
        tree: json(entries, `${folder}/document.json`),
        md: entries.get(`${folder}/document.md`)!.toString(),
        versionsOf,
      };
    };
    expect(comparable(again, 'documents/Novel 2')).toEqual(comparable(exported, 'documents/Novel'));
    expect(comparable(again, 'documents/Novel (formal)')).toEqual(comparable(exported, 'documents/Novel (formal)'));
    expect(comparable(again, 'trash/Old idea')).toEqual(comparable(exported, 'trash/Old idea'));
    expect(variant).not.toBe(novel.id);
  });

  it('refuses what is not an export, an unknown account and a wrong command line, with a message and an exit code', async () => {
    const file = path.join(dir, 'not-an-export.tar.gz');
    await writeFile(file, Buffer.from('not gzip at all'));
    const email = `someone-${Date.now()}@example.com`;
    await newUser(t.app, 'someone', email);
    const broken = await runImport(['--file', file, '--email', email]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^Could not import the archive: /);

    const writer = await newUser(t.app, 'exporter');
    const good = path.join(dir, 'good.tar.gz');
    await writeFile(good, (await exportAs(t, writer)).rawPayload);
    const unknown = await runImport(['--file', good, '--email', 'nobody@example.com']);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('No account uses the email nobody@example.com; nothing was imported.') });
    // A tampered tree is checked as a save checks it, and the refusal names its entry.
    await newDocument(writer);
    const tampered = new Map(await readArchive((await exportAs(t, writer)).rawPayload));
    const [treeEntry] = [...tampered.keys()].filter((name) => name.endsWith('/document.json'));
    tampered.set(treeEntry!, Buffer.from(JSON.stringify({ type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] })));
    const bad = path.join(dir, 'tampered.tar.gz');
    await writeFile(bad, await writeArchive(tampered));
    const refused = await runImport(['--file', bad, '--email', email]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Could not import the archive: ${treeEntry}: `);
    expect((await runImport(['--file', good])).code).toBe(2);
    expect((await runImport(['--file', good, '--email', email, '--tenant', 'x'])).code).toBe(2);
    expect((await runImport(['--nope'])).stderr).toContain('Unknown option --nope.');
    expect(await runImport(['--file', path.join(dir, 'missing.tar.gz'), '--email', email])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No file '),
    });
  });

  it('runs as npm run import-account', async () => {
    const help = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/import-account.mjs', '--help'], { cwd: root, stdio: 'pipe' });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, out }));
    });
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run import-account -- --file ARCHIVE --email ADDRESS');
  });
});
