import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAccountCommand } from '../src/cli/import-account';
import { exportAs, json, readArchive, writeDocument } from './account-export-support';
import { doc, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * 'Export all my data' and `npm run import-account --tenant` with an external OIDC issuer
 * (docs/EXTERNAL-OIDC.md): the account is the token's `sub`, Bree keeps no password for it.
 */
describe('export and import with an external issuer', () => {
  let issuerServer: Server;
  let issuer: string;
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'ES256', use: 'sig' };
    issuerServer = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/idp/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
      else if (req.url === '/idp/keys') res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}/idp`;
    dir = await mkdtemp(path.join(tmpdir(), 'bree-export-ext-'));
    t = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: 'https://api.bree.test', DATA_DIR: dir });
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => issuerServer.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  /** A user of the external issuer, calling Bree with the issuer's access token. */
  async function externalUser(sub: string): Promise<TestUser> {
    const token = await new SignJWT({ sub, iss: issuer, aud: 'https://api.bree.test', email: `${sub.replace(/\W/g, '')}@idp.example`, scope: 'openid api' })
      .setProtectedHeader({ alg: 'ES256', kid: 'ext-1', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
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
