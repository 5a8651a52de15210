import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupFileName, classifyEntry, listBlobFiles, parseManifest, pgToolConnection } from './backup-archive';
import { pgDumpArgs, pgRestoreArgs } from './pg-tools';

describe('backup archive', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bree-archive-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('names a backup by its UTC time, without colons', () => {
    expect(backupFileName(new Date('2026-11-28T01:12:00.123Z'))).toBe('bree-backup-2026-11-28T01-12-00Z.tar.gz');
  });

  it('reads a manifest and says why another file is not one', () => {
    const manifest = { format: 'bree-backup', version: 1, createdAt: '2026-11-28T01:12:00.000Z', database: 'pglite', blobs: 'files' };
    expect(parseManifest(JSON.stringify(manifest))).toEqual(manifest);
    expect(() => parseManifest('nope')).toThrow('is not JSON');
    expect(() => parseManifest(JSON.stringify({ ...manifest, format: 'other' }))).toThrow('does not describe a Bree backup');
    expect(() => parseManifest(JSON.stringify({ ...manifest, version: 2 }))).toThrow('made by a newer Bree (backup format 2)');
    expect(() => parseManifest(JSON.stringify({ ...manifest, database: 'mysql' }))).toThrow('names no known database');
  });

  it('knows each entry a backup holds and refuses any other, such as a path leaving the data dir', () => {
    expect(classifyEntry('bree-backup.json')).toEqual({ kind: 'manifest' });
    expect(classifyEntry('database/pglite.tar.gz')).toEqual({ kind: 'pglite' });
    expect(classifyEntry('database/bree.pgdump')).toEqual({ kind: 'pgdump' });
    expect(classifyEntry('blobs/feedback/01A/01B')).toEqual({ kind: 'blob', key: 'feedback/01A/01B' });
    expect(() => classifyEntry('blobs/../../etc/passwd')).toThrow('it holds an entry no Bree backup has: blobs/../../etc/passwd');
    expect(() => classifyEntry('/etc/passwd')).toThrow('no Bree backup has');
  });

  it('lists stored attachments by key, leaving out half-written uploads and files Bree did not write', async () => {
    const root = path.join(work, 'blobs');
    expect(await listBlobFiles(root)).toEqual([]);
    mkdirSync(path.join(root, 'feedback', 'a'), { recursive: true });
    writeFileSync(path.join(root, 'feedback', 'a', 'b'), 'done');
    writeFileSync(path.join(root, 'feedback', 'a', 'c.0e6c.part'), 'half');
    writeFileSync(path.join(root, 'feedback', 'a', 'not a key'), 'someone else’s');
    expect(await listBlobFiles(root)).toEqual([{ key: 'feedback/a/b', path: path.join(root, 'feedback', 'a', 'b'), size: 4 }]);
  });

  it('hands pg_dump and pg_restore the URL without its password, which goes in PGPASSWORD', () => {
    const { dbname, env } = pgToolConnection('postgres://bree:s%40cret@db.example.com:5433/bree?sslmode=require');
    expect(dbname).toBe('postgres://bree@db.example.com:5433/bree?sslmode=require');
    expect(env).toEqual({ PGPASSWORD: 's@cret' });
    expect(pgToolConnection('postgres://localhost/bree').env).toEqual({});
    // A primary and its standby: libpq reads both hosts and target_session_attrs itself.
    expect(pgToolConnection('postgres://bree:s%40cret@db-a:5432,db-b:5433/bree?target_session_attrs=read-write')).toEqual({
      dbname: 'postgres://bree@db-a:5432,db-b:5433/bree?target_session_attrs=read-write',
      env: { PGPASSWORD: 's@cret' },
    });
    expect(pgDumpArgs(dbname, '/b/x.pgdump')).toEqual([
      '--format=custom',
      '--compress=6',
      '--no-owner',
      '--no-acl',
      '--file=/b/x.pgdump',
      `--dbname=${dbname}`,
    ]);
    expect(pgRestoreArgs(dbname, '/b/x.pgdump')).toEqual(['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${dbname}`, '/b/x.pgdump']);
  });
});
