import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupName, blobs, expectPopulated, populate, run, snapshot, withDatabase } from '../../test/backup-support';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../test/harness';

describe.runIf(process.env.BREE_TEST_POSTGRES === '1' && process.env.TEST_DATABASE_URL)(
  'npm run backup and restore on PostgreSQL',
  { timeout: 120_000 },
  () => {
    let work: string;
    let t: TestApp;
    const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/unset');
    const name = `${target.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
    const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    target.pathname = `/${name}`;

    beforeAll(async () => {
      work = mkdtempSync(path.join(os.tmpdir(), 'bree-backup-pg-'));
      await resetDatabase(await getTestDatabase());
      t = await createTestApp({ DATA_DIR: path.join(work, 'original') });
      await populate(t.app);
      const client = admin();
      await client.connect();
      await client.query(`create database "${name}"`);
      await client.end();
    });
    afterAll(async () => {
      await t.close();
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
      rmSync(work, { recursive: true, force: true });
    });

    it('backs up with pg_dump and restores into an empty database, refusing a non-empty one', async () => {
      const backup = await run('backup', [], { DATABASE_URL: process.env.TEST_DATABASE_URL!, DATA_DIR: path.join(work, 'original') });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('It holds the PostgreSQL database and 1 attachment.');
      const file = backupName.exec(backup.stdout)![1]!;
      expect(path.dirname(file)).toBe(path.join(work, 'original', 'backups'));
      const before = await snapshot(t.database);
      expectPopulated(before);

      const env = { DATABASE_URL: target.toString(), DATA_DIR: path.join(work, 'restored') };
      const restore = await run('restore', [file], env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(await withDatabase({ url: target.toString(), dataDir: 'memory://' }, snapshot)).toEqual(before);
      expect(await blobs(path.join(work, 'restored'))).toEqual(await blobs(path.join(work, 'original')));

      const refused = await run('restore', [file], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('The database of DATABASE_URL is not empty.');
    });

    it('restores a backup written by the earlier hand-written tar writer', async () => {
      const client = admin();
      await client.connect();
      await client.query(`drop database "${name}" with (force)`);
      await client.query(`create database "${name}"`);
      await client.end();
      const fixture = path.resolve(import.meta.dirname, '../../test/fixtures/old-writer-backup.tar.gz');
      const env = { DATABASE_URL: target.toString(), DATA_DIR: path.join(work, 'old-writer') };
      const restore = await run('restore', [fixture], env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('Restored 1 attachment into');
      const rows = await withDatabase({ url: target.toString(), dataDir: 'memory://' }, (database) => database.query('select * from old_writer_probe'));
      expect(rows).toEqual([{ id: 1, note: 'written by the hand-made tar writer' }]);
      const [attachment] = await blobs(path.join(work, 'old-writer'));
      expect(Buffer.from(attachment!.bytes, 'base64').equals(Buffer.from(Array.from({ length: 1300 }, (_, i) => (i * 7) % 256)))).toBe(true);
    });
  },
);
