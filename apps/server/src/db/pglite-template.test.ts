import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, currentPgliteTemplateKey, type Database } from './db';
import { pgliteTemplateFile, pgliteTemplateKey, type PgliteTemplateInputs } from './pglite-template';
import { pack } from 'tar-stream';
import { extractPgliteTemplate } from './pglite-template-extract';
import { makePgliteTemplate, preparePgliteTemplateForStart } from './pglite-template-prepare';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

/** A tar archive of one file, as any ustar writer makes it. */
async function tarOf(name: string, data: Buffer): Promise<Buffer> {
  const archive = pack();
  archive.entry({ name }, data);
  archive.finalize();
  const pieces: Buffer[] = [];
  for await (const piece of archive) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}

const inputs: PgliteTemplateInputs = {
  packageVersions: { '@electric-sql/pglite': '0.5.14', '@electric-sql/pglite-pgvector': '0.0.15' },
  extensionNames: ['pg_trgm', 'unaccent', 'vector'],
  migrationFiles: [
    { name: '0000_first.sql', contents: 'create table a (id int);' },
    { name: 'meta/_journal.json', contents: '{"entries":[]}' },
  ],
};

// Nothing here reads the test database (the embedded database's template): the PostgreSQL
// run of the server suite (BREE_TEST_POSTGRES=1, scripts/test-postgres.mjs) skips it rather than repeat it.
const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

describe.skipIf(onPostgres)('the template key', () => {
  it('is the same for the same inputs, in any order', () => {
    const reordered: PgliteTemplateInputs = {
      packageVersions: { '@electric-sql/pglite-pgvector': '0.0.15', '@electric-sql/pglite': '0.5.14' },
      extensionNames: ['vector', 'unaccent', 'pg_trgm'],
      migrationFiles: [...inputs.migrationFiles].reverse(),
    };
    expect(pgliteTemplateKey(reordered)).toBe(pgliteTemplateKey(inputs));
    expect(pgliteTemplateKey(inputs)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes when a migration file, the journal, a package version or the extensions change', () => {
    const key = pgliteTemplateKey(inputs);
    const changedMigration = { ...inputs, migrationFiles: [{ name: '0000_first.sql', contents: 'create table a (id bigint);' }, inputs.migrationFiles[1]!] };
    const addedMigration = { ...inputs, migrationFiles: [...inputs.migrationFiles, { name: '0001_second.sql', contents: 'select 1;' }] };
    const changedJournal = { ...inputs, migrationFiles: [inputs.migrationFiles[0]!, { name: 'meta/_journal.json', contents: '{"entries":[1]}' }] };
    const upgradedPglite = { ...inputs, packageVersions: { ...inputs.packageVersions, '@electric-sql/pglite': '0.5.15' } };
    const otherExtensions = { ...inputs, extensionNames: ['pg_trgm', 'unaccent'] };
    const keys = [changedMigration, addedMigration, changedJournal, upgradedPglite, otherExtensions].map(pgliteTemplateKey);
    expect(new Set([key, ...keys]).size).toBe(6);
  });
});

/** Rows of every table outside PostgreSQL's own schemas and drizzle's migration record, by table. */
async function applicationRowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle')`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await database.query<{ n: number }>(`select count(*)::int as n from ${name}`))[0]!.n;
  return counts;
}

/** How many migrations the database records as applied; null when drizzle never ran in it. */
async function appliedMigrations(database: Database): Promise<number | null> {
  const [{ present }] = (await database.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as [
    { present: boolean },
  ];
  if (!present) return null;
  return (await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))[0]!.n;
}

describe.skipIf(onPostgres)('a new embedded database from the template', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bree-pglite-template-'));
  const cacheDir = path.join(scratch, 'cache');
  const opened: Database[] = [];
  const open = async (dataDir: string, templateDir: string) => {
    const database = await createDatabase({ dataDir: path.join(scratch, dataDir), templateDir });
    opened.push(database);
    return database;
  };
  let templateFile = '';

  beforeAll(async () => {
    templateFile = await makePgliteTemplate({ cacheDir });
  }, 120_000);
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('is written under the current key, with no temporary file left beside it', () => {
    expect(templateFile).toBe(pgliteTemplateFile({ cacheDir, key: currentPgliteTemplateKey() }));
    expect(existsSync(templateFile)).toBe(true);
    expect(readFileSync(templateFile).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('has every migration applied before migrate() runs, and no row in any application table', async () => {
    const database = await open('one', cacheDir);
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    const counts = await applicationRowCounts(database);
    // The identity tables (sign-in keys, sessions, accounts) are made per installation at first start.
    for (const table of ['public.users', 'public.app_secrets', 'public.oidc_payloads']) expect(counts).toHaveProperty([table], 0);
    expect(Object.values(counts).filter((n) => n > 0)).toEqual([]);
    await database.migrate();
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
  });

  it('gives each directory a database of its own', async () => {
    const first = await open('first', cacheDir);
    const second = await open('second', cacheDir);
    await first.query('create table scratch_marker (note text)');
    await first.query(`insert into scratch_marker values ('first only')`);
    expect(await first.query('select note from scratch_marker')).toEqual([{ note: 'first only' }]);
    expect(await second.query(`select to_regclass('scratch_marker') as found`)).toEqual([{ found: null }]);
  });

  it('falls back to a normal create when the template is cut short, removes it, and leaves an existing folder alone', async () => {
    const damagedDir = path.join(scratch, 'damaged-cache');
    const damaged = pgliteTemplateFile({ cacheDir: damagedDir, key: currentPgliteTemplateKey() });
    mkdirSync(damagedDir, { recursive: true });
    writeFileSync(damaged, readFileSync(templateFile).subarray(0, 4096));

    const database = await open('fallback', damagedDir);
    expect(await appliedMigrations(database)).toBeNull();
    expect(existsSync(damaged)).toBe(false);
    await database.migrate();
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    await database.query('create table kept_marker (note text)');
    await database.query(`insert into kept_marker values ('kept')`);
    await database.close();

    // The folder is no longer new: a good template present now must not replace it.
    const reopened = await open('fallback', cacheDir);
    expect(await reopened.query('select note from kept_marker')).toEqual([{ note: 'kept' }]);
  }, 120_000);

  it('serves a database in memory too, with every migration applied, leaving no folder behind', async () => {
    const database = await createDatabase({ dataDir: 'memory://', templateDir: cacheDir });
    opened.push(database);
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    expect(Object.values(await applicationRowCounts(database)).filter((n) => n > 0)).toEqual([]);
  });

  it('unpacks a data directory without leaving its staging folder', async () => {
    await open(path.join('staged', 'data'), cacheDir);
    expect(readdirSync(path.join(scratch, 'staged', 'data')).filter((name) => name.includes('template'))).toEqual([]);
    expect(existsSync(path.join(scratch, 'staged', 'data', 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('makes a database in memory by initdb when the template is damaged', async () => {
    const damagedDir = path.join(scratch, 'damaged-memory-cache');
    const damaged = pgliteTemplateFile({ cacheDir: damagedDir, key: currentPgliteTemplateKey() });
    mkdirSync(damagedDir, { recursive: true });
    writeFileSync(damaged, readFileSync(templateFile).subarray(0, 4096));
    const database = await createDatabase({ dataDir: 'memory://', templateDir: damagedDir });
    opened.push(database);
    expect(await appliedMigrations(database)).toBeNull();
    expect(existsSync(damaged)).toBe(false);
  }, 120_000);

  it('falls back to a normal create when the template holds other bytes than a dump', async () => {
    const otherDir = path.join(scratch, 'other-bytes-cache');
    const other = pgliteTemplateFile({ cacheDir: otherDir, key: currentPgliteTemplateKey() });
    mkdirSync(otherDir, { recursive: true });
    writeFileSync(other, gzipSync(Buffer.alloc(64 * 1024, 'not a database ')));

    const database = await open('other-bytes', otherDir);
    expect(await appliedMigrations(database)).toBeNull();
    expect(existsSync(other)).toBe(false);
  }, 120_000);
});

describe.skipIf(onPostgres)('unpacking a template', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bree-pglite-extract-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('refuses an entry that leaves the folder, writing nothing', async () => {
    const file = path.join(scratch, 'escaping.tar.gz');
    writeFileSync(file, gzipSync(await tarOf('../escaped', Buffer.from('outside'))));
    const location = path.join(scratch, 'data', 'pglite');
    await expect(extractPgliteTemplate({ file, location })).rejects.toThrow('unexpected tar entry ../escaped');
    expect(existsSync(path.join(scratch, 'escaped'))).toBe(false);
    expect(existsSync(path.join(scratch, 'data'))).toBe(false);
  });

  it('refuses an archive without a database in it', async () => {
    const file = path.join(scratch, 'no-database.tar.gz');
    writeFileSync(file, gzipSync(await tarOf('notes.txt', Buffer.from('hello'))));
    const location = path.join(scratch, 'other', 'pglite');
    await expect(extractPgliteTemplate({ file, location })).rejects.toThrow('the template holds no database');
    expect(existsSync(path.join(scratch, 'other'))).toBe(false);
  });
});

describe.skipIf(onPostgres)('preparing the template before a start', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bree-pglite-prepare-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const quiet = () => undefined;

  it('does nothing for PostgreSQL or a data directory that already holds a database', async () => {
    const cacheDir = path.join(scratch, 'unused-cache');
    const onPostgres = await preparePgliteTemplateForStart({ env: { DATABASE_URL: 'postgres://localhost/bree', DATA_DIR: scratch }, cacheDir, log: quiet });
    expect(onPostgres).toBe('not needed');
    const existing = path.join(scratch, 'existing');
    const database = await createDatabase({ dataDir: existing, templateDir: null });
    await database.close();
    expect(await preparePgliteTemplateForStart({ env: { DATA_DIR: existing }, cacheDir, log: quiet })).toBe('not needed');
    expect(existsSync(cacheDir)).toBe(false);
  }, 60_000);

  it('makes the template once for a new data directory, then finds it', async () => {
    const cacheDir = path.join(scratch, 'cache');
    const lines: string[] = [];
    const env = { DATA_DIR: path.join(scratch, 'new') };
    expect(await preparePgliteTemplateForStart({ env, cacheDir, log: (line) => lines.push(line) })).toBe('made');
    expect(lines).toEqual(['Preparing the embedded database (first start only)…']);
    expect(existsSync(pgliteTemplateFile({ cacheDir, key: currentPgliteTemplateKey() }))).toBe(true);
    expect(await preparePgliteTemplateForStart({ env, cacheDir, log: (line) => lines.push(line) })).toBe('present');
    expect(lines).toHaveLength(1);
  }, 120_000);

  it('says in one line when the template cannot be saved, and lets the start go on', async () => {
    const notAFolder = path.join(scratch, 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    const lines: string[] = [];
    const outcome = await preparePgliteTemplateForStart({
      env: { DATA_DIR: path.join(scratch, 'new-too') },
      cacheDir: path.join(notAFolder, 'cache'),
      log: (line) => lines.push(line),
    });
    expect(outcome).toBe('failed');
    expect(lines.at(-1)).toMatch(/^The embedded database template could not be saved in .*; starting without it\.$/);
  }, 120_000);
});
