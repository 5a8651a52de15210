import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** What Windows refuses in a file name, and the folder separators. */
// eslint-disable-next-line no-control-regex -- control characters are among what is checked for
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/;
/** Windows' device names: the part before the first dot, trailing spaces ignored, any case. */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

/** Each entry of a zip's central directory: its name's raw bytes and whether it is flagged UTF-8. */
function centralDirectory(zip: Buffer): { name: string; utf8Flag: boolean; bytes: number }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength);
    entries.push({ name: name.toString('utf8'), utf8Flag: (zip.readUInt16LE(at + 8) & 0x800) !== 0, bytes: nameLength });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

describe('the workspace zip names its entries so that every system can extract them', () => {
  let t: TestApp;
  let me: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, 'ws-zip');
  });

  it('replaces characters and device names Windows refuses, keeping every document as its own entry', async () => {
    const master = await me.call('POST', '/api/files/create', { filePath: 'Notes: <Q3> "final"?', content: doc('The master text.') });
    expect(master.status, JSON.stringify(master.body)).toBe(200);
    const masterId = master.body.file.id as string;
    expect((await me.call('POST', '/api/workspaces/convert', { fileId: masterId })).status).toBe(200);

    // Names a writer can give through a rename, and names stored before cleaning existed (written directly).
    const names = ['AUX', 'lpt1.backup', 'Plan?', 'Plan*', 'plan_', 'Trailing dots...', 'pipe|star*', 'CON .txt', 'Café'];
    const stored = ['back\\slash/slash', 'tab\tbell\u0001end', 'COM9'];
    const variantIds: string[] = [];
    for (let i = 0; i < names.length + stored.length; i++) {
      const created = await me.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      variantIds.push(created.body.variantId as string);
    }
    const files = (await me.call('GET', `/api/workspaces/${masterId}/files`)).body.items as { fileId: string; name: string }[];
    for (const [i, name] of names.entries()) {
      const file = files.find((f) => f.fileId === variantIds[i]);
      const renamed = await me.call('POST', '/api/files/rename', { oldFilePath: file!.name, newFilePath: name });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    }
    for (const [i, name] of stored.entries()) {
      await t.database.query('update files set name = $1 where tenant_id = $2 and id = $3', [`${name}.txt`, me.sub, variantIds[names.length + i]]);
    }

    const res = await t.app.inject({ method: 'GET', url: `/api/workspaces/${masterId}/export?format=md`, headers: { authorization: `Bearer ${me.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const zip = Buffer.from(res.rawPayload);
    const directory = centralDirectory(zip);
    const entries = unzipSync(new Uint8Array(zip));
    const entryNames = Object.keys(entries);

    // Every document is there: the master and each variant, none overwriting another.
    expect(directory).toHaveLength(1 + names.length + stored.length);
    expect(entryNames).toHaveLength(directory.length);
    expect(new Set(entryNames.map((n) => n.toLowerCase())).size).toBe(entryNames.length);
    for (const name of entryNames) {
      expect(name, name).not.toMatch(FORBIDDEN);
      expect(DEVICE.test(name.split('.')[0]!.trimEnd()), name).toBe(false);
      expect(name, name).not.toMatch(/[. ]$/);
      expect(name.endsWith('.md'), name).toBe(true);
      expect(strFromU8(entries[name]!)).toContain('The master text.');
    }
    for (const entry of directory) {
      expect(entry.bytes).toBeLessThanOrEqual(255);
      // A name beyond ASCII is flagged UTF-8, or Windows would read it in its old code page.
      if (/[^\x20-\x7e]/.test(entry.name)) expect(entry.utf8Flag, entry.name).toBe(true);
    }
    expect(entryNames).toEqual([
      'Notes_ _Q3_ _final__.md',
      'AUX_.md',
      'lpt1_.backup.md',
      'Plan_.md',
      'Plan_ 2.md',
      'plan_ 3.md',
      'Trailing dots.md',
      'pipe_star_.md',
      'CON_.md',
      'Café.md',
      'back_slash_slash.md',
      'tab bell end.md',
      'COM9_.md',
    ]);
  });
});
