/**
 * `npm run restore -- FILE [--force]`: puts a backup of `npm run backup` back into the database
 * Bree is configured for (DATA_DIR's embedded database, or DATABASE_URL with pg_restore) and
 * its attachments into DATA_DIR/blobs. The target must be empty unless --force, which replaces
 * it. Bree then starts on it as usual, running its migrations.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { mkdtemp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { createDatabase, loadPgliteDump } from '../db/db';
import { acquirePgliteLock, DataDirInUseError, pgliteLockHolder } from '../db/pglite-lock';
import { classifyEntry, parseManifest, type BackupManifest } from './backup-archive';
import { describeHolder, loadCliConfig, Stop, type Io } from './cli-support';
import { pgRestoreArgs, runPgTool } from './pg-tools';
import { readTarGz } from './tar';

const USAGE = `Usage: npm run restore -- FILE [--force]

Restores a backup of npm run backup into the database Bree is configured for (DATA_DIR's
embedded database, or DATABASE_URL) and its attachments into DATA_DIR/blobs. The target must
be empty; --force replaces what it holds. Stop Bree first; start it again afterwards.`;

function parseArgs(argv: string[]): { file: string; force: boolean } {
  if (argv.includes('--help') || argv.includes('-h')) throw new Stop(USAGE, 0);
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--force');
  const positional = argv.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0) throw new Stop(`Unknown option ${unknown[0]}.\n\n${USAGE}`, 2);
  if (positional.length !== 1) throw new Stop(USAGE, 2);
  return { file: path.resolve(positional[0]!), force: argv.includes('--force') };
}

function hasEntries(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

async function postgresTableCount(databaseUrl: string): Promise<number> {
  const database = await createDatabase({ url: databaseUrl, dataDir: 'memory://' });
  try {
    const [row] = await database.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'`,
    );
    return row?.count ?? 0;
  } finally {
    await database.close();
  }
}

/** Empties DATABASE_URL's database for --force: every schema but PostgreSQL's own goes, `public` comes back empty. */
async function emptyPostgres(databaseUrl: string): Promise<void> {
  const database = await createDatabase({ url: databaseUrl, dataDir: 'memory://' });
  try {
    const schemas = await database.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`,
    );
    for (const { name } of schemas) await database.query(`drop schema "${name.replaceAll('"', '""')}" cascade`);
    await database.query('create schema if not exists public');
  } finally {
    await database.close();
  }
}

/** Refuses a target that a running Bree holds, or that holds data when --force is absent. */
async function checkTarget(config: Config, force: boolean): Promise<void> {
  const dataDir = path.resolve(config.dataDir);
  const holder = pgliteLockHolder(dataDir);
  if (holder) throw new Stop(`Bree is running on this data directory (${describeHolder(holder)}). Stop Bree first, then run this command again.`);
  if (force) return;
  const replace = 'Restore into an empty one, or add --force to replace what it holds (that is lost).';
  if (config.databaseUrl) {
    if ((await postgresTableCount(config.databaseUrl)) > 0) throw new Stop(`The database of DATABASE_URL is not empty. ${replace}`);
  } else if (hasEntries(path.join(dataDir, 'pglite'))) {
    throw new Stop(`${dataDir} already holds a Bree database (${path.join(dataDir, 'pglite')}). ${replace}`);
  }
  if (hasEntries(path.join(dataDir, 'blobs'))) throw new Stop(`${path.join(dataDir, 'blobs')} already holds attachments. ${replace}`);
}

/** Unpacks the archive into `staging`: database/, blobs/; answers its manifest. */
async function unpack({ file, staging, config }: { file: string; staging: string; config: Config }): Promise<BackupManifest> {
  const notBackup = (why: string) => new Stop(`${file} is not a Bree backup: ${why}.`);
  let manifest: BackupManifest | null = null;
  let hasDatabase = false;
  try {
    for await (const entry of readTarGz(file)) {
      const kind = classifyEntry(entry.name);
      if (kind.kind === 'manifest') {
        const pieces: Buffer[] = [];
        for await (const piece of entry.body) pieces.push(piece);
        manifest = parseManifest(Buffer.concat(pieces).toString('utf8'));
        const wanted = config.databaseUrl ? 'postgres' : 'pglite';
        if (manifest.database !== wanted) {
          const held = manifest.database === 'postgres' ? 'a PostgreSQL database' : 'an embedded (PGlite) database';
          const here = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (no DATABASE_URL)';
          throw new Stop(`${file} holds ${held}, and this Bree is set up for ${here}. Restore it with the same kind of database; nothing was changed.`);
        }
        continue;
      }
      if (!manifest) throw notBackup('it does not start with bree-backup.json');
      const target = kind.kind === 'blob' ? path.join(staging, 'blobs', ...kind.key.split('/')) : path.join(staging, 'database');
      hasDatabase ||= kind.kind !== 'blob';
      await mkdir(path.dirname(target), { recursive: true });
      await pipeline(entry.body, createWriteStream(target));
    }
  } catch (error) {
    if (error instanceof Stop) throw error;
    if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') throw notBackup('it is not a gzip-compressed archive');
    throw notBackup(error instanceof Error ? error.message : String(error));
  }
  if (!manifest) throw notBackup('it holds no bree-backup.json');
  if (!hasDatabase) throw notBackup('it holds no database');
  return manifest;
}

/** Restores `file` for `config`; answers what the operator should know. */
export async function restoreBackup({ config, file, force }: { config: Config; file: string; force: boolean }): Promise<string[]> {
  if (!existsSync(file)) throw new Stop(`No file ${file}.`);
  await checkTarget(config, force);
  const dataDir = path.resolve(config.dataDir);
  mkdirSync(dataDir, { recursive: true });
  // Held while the embedded database is replaced: a Bree starting meanwhile is refused, as one already running refuses this.
  const lock = config.databaseUrl ? null : lockDataDir(dataDir);
  // Unpacked next to its destination, so the last step is a rename on one file system.
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    const manifest = await unpack({ file, staging, config });
    const notes: string[] = [];
    if (config.databaseUrl) {
      if (force) await emptyPostgres(config.databaseUrl);
      await runPgTool({ tool: 'pg_restore', databaseUrl: config.databaseUrl, args: (dbname) => pgRestoreArgs(dbname, path.join(staging, 'database')) });
      notes.push(`Restored the PostgreSQL database of DATABASE_URL from ${file} (made ${manifest.createdAt}).`);
    } else {
      const pgliteDir = path.join(dataDir, 'pglite');
      await loadPgliteDump({ dir: path.join(staging, 'pglite'), dump: readFileSync(path.join(staging, 'database')) });
      rmSync(pgliteDir, { recursive: true, force: true });
      renameSync(path.join(staging, 'pglite'), pgliteDir);
      notes.push(`Restored the embedded database into ${pgliteDir} from ${file} (made ${manifest.createdAt}).`);
    }
    const blobsDir = path.join(dataDir, 'blobs');
    const stagedBlobs = path.join(staging, 'blobs');
    if (force) rmSync(blobsDir, { recursive: true, force: true });
    if (existsSync(stagedBlobs)) {
      renameSync(stagedBlobs, blobsDir);
      const count = readdirSync(blobsDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
      notes.push(`Restored ${count} attachment${count === 1 ? '' : 's'} into ${blobsDir}.`);
      if (config.s3)
        notes.push(`This Bree keeps attachments in the S3 bucket ${config.s3.bucket}: copy the files of ${blobsDir} there (their paths are their keys).`);
    }
    if (manifest.blobs === 's3') notes.push('The backup holds no attachments: they were in an S3 bucket, which is restored with its own tools.');
    notes.push('Start Bree as usual: it brings the database up to date when it starts.');
    return notes;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock?.release();
  }
}

function lockDataDir(dataDir: string) {
  try {
    return acquirePgliteLock({ dataDir });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new Stop(`Bree is running on this data directory (${describeHolder(error.holder)}). Stop Bree first, then run this command again.`);
  }
}

/** Runs the command; answers the exit code. */
export async function restoreCommand(argv: string[], io: Pick<Io, 'stdout' | 'stderr'> = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  try {
    const { file, force } = parseArgs(argv);
    const notes = await restoreBackup({ config: loadCliConfig(), file, force });
    io.stdout.write(`${notes.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      (error.code === 0 ? io.stdout : io.stderr).write(`${error.message}\n`);
      return error.code;
    }
    io.stderr.write(`Could not restore the backup: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
