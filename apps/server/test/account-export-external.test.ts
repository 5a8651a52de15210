import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAccountCommand } from '../src/cli/import-account';
import { exportAs, json, readArchive, writeDocument } from './account-export-support';
import { doc, type TestUser } from './api-client';
import { startFakeIssuer, type FakeIssuer } from './fake-issuer';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * 'Export all my data' and `npm run import-account --tenant` with an external OIDC issuer
 * (docs/EXTERNAL-OIDC.md): the account is the token's `sub`, Bree keeps no password for it.
 */
describe('export and import with an external issuer', () => {
  let external: FakeIssuer;
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    external = await startFakeIssuer({ base: '/idp' });
    dir = await mkdtemp(path.join(tmpdir(), 'bree-export-ext-'));
    t = await createTestApp({ ...external.env, DATA_DIR: dir });
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await external.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A user of the external issuer, calling Bree with the issuer's access token. */
  async function externalUser(sub: string): Promise<TestUser> {
    const token = await external.sign({ sub, email: `${sub.replace(/\W/g, '')}@idp.example`, scope: 'openid api' });
    return {
      sub,
      token,
      async call(method, url, payload) {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}`, 'x-tenant-id': sub },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        return { status: res.statusCode, body: String(res.headers['content-type']).includes('json') ? res.json() : res.body };
      },
    };
  }

  it("exports the issuer's account and imports it into another by its id", async () => {
    const writer = await externalUser('idp|writer');
    const essay = await writeDocument(writer, { name: 'Field notes', texts: ['notes one', 'notes two', 'notes three'], authenticity: 'Human' });
    const res = await exportAs(t, writer);
    expect(res.statusCode).toBe(200);
    const entries = await readArchive(res.rawPayload);
    expect(json(entries, 'bree-export.json').account).toEqual({ id: 'idp|writer', email: 'idpwriter@idp.example', name: null });
    expect(json(entries, 'documents/Field notes/meta.json')).toMatchObject({ id: essay, metadata: { authenticity: 'Human' } });

    const file = path.join(dir, 'export.tar.gz');
    await writeFile(file, res.rawPayload);
    const reader = await externalUser('idp|reader');
    await reader.call('POST', '/api/files/create', { filePath: 'Mine', content: doc('my own words') });
    let out = '';
    const stdout = new Writable({ write: (chunk: Buffer, _e, done) => ((out += chunk.toString()), done()) }) as unknown as NodeJS.WriteStream;
    expect(await importAccountCommand(['--file', file, '--tenant', 'idp|reader'], { stdout, stderr: stdout }, { database: t.database })).toBe(0);
    expect(out).toBe('Imported 1 document (0 in the Trash), 2 versions into the account idp|reader.\n');
    const names = (await reader.call('GET', '/api/files/list')).body.files.map((f: { name: string }) => f.name).sort();
    expect(names).toEqual(['Field notes.txt', 'Mine.txt']);
  });
});
