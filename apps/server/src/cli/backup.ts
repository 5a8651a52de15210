/**
 * `npm run backup -- [--dir DIR]`: writes the database Bree uses and its attachments into one
 * archive, `bree-backup-<UTC time>.tar.gz` in DIR (default: DATA_DIR/backups). The embedded
 * database is dumped by the running Bree when one holds it (see db/pglite-dump-requests.ts),
 * else opened here; PostgreSQL is dumped with pg_dump. Layout: cli/backup-archive.ts.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { createDatabase } from '../db/db';
import { answersDumpRequests, requestDump } from '../db/pglite-dump-requests';
import { pgliteLockHolder } from '../db/pglite-lock';
import { backupFileName, blobEntryName, listBlobFiles, MANIFEST_ENTRY, PGDUMP_ENTRY, PGLITE_ENTRY, type BackupManifest } from './backup-archive';
import { describeHolder, loadCliConfig, Stop, type Io } from './cli-support';
import { pgDumpArgs, runPgTool } from './pg-tools';
import { tarStream, type TarEntry } from './tar';

const USAGE = `Usage: npm run backup -- [--dir DIR]

Writes Bree's database and attachments into DIR/bree-backup-<UTC time>.tar.gz
(default DIR: DATA_DIR/backups). Run it where Bree runs, with the same DATA_DIR or
DATABASE_URL; Bree may keep serving. Restore with npm run restore -- FILE.`;

// A running Bree answers within seconds; a busy machine with a large database needs longer.
const DUMP_ANSWER_TIMEOUT_MS = 120_000;

function parseArgs(argv: string[]): { dir: string | null } {
  if (argv.includes('--help') || argv.includes('-h')) throw new Stop(USAGE, 0);
  let dir: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dir' && argv[i + 1] !== undefined) dir = argv[++i]!;
    else if (arg.startsWith('--dir=')) dir = arg.slice('--dir='.length);
    else if (arg.startsWith('-')) throw new Stop(`Unknown option ${arg}.\n\n${USAGE}`, 2);
    else throw new Stop(USAGE, 2);
  }
  if (dir === '') throw new Stop(USAGE, 2);
  return { dir };
}

/** The embedded database as PGlite's tarball: from the Bree that holds it, or opened here when none does. */
async function dumpEmbedded(dataDir: string): Promise<Buffer> {
  const pgliteDir = path.resolve(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new Stop(`No Bree database in ${pgliteDir}.\nRun this command where Bree runs, with the same DATA_DIR (or DATABASE_URL).`);
  }
  const holder = pgliteLockHolder(dataDir);
  if (holder && holder.hostname !== os.hostname()) {
    throw new Stop(`Bree is running on this data directory on another host (${describeHolder(holder)}). Run this command on ${holder.hostname}.`);
  }
  if (holder) {
    if (!answersDumpRequests(dataDir, holder.pid)) {
      throw new Stop(
        `Bree (${describeHolder(holder)}) holds this data directory but does not take backup requests yet: it is starting, ` +
          `or it is a Bree from before backups. Wait until it serves and try again, or stop it and run this command.`,
      );
    }
    let answer;
    try {
      answer = await requestDump({ dataDir, pid: holder.pid, timeoutMs: DUMP_ANSWER_TIMEOUT_MS });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      throw new Stop(`This user may not signal Bree (${describeHolder(holder)}). Run this command as the user Bree runs as.`);
    }
    if (answer.ok) return answer.dump;
    if (answer.reason === 'failed') throw new Stop(`Bree (${describeHolder(holder)}) could not dump its database: ${answer.message}`);
    throw new Stop(
      `Bree (${describeHolder(holder)}) did not answer the backup request within ${DUMP_ANSWER_TIMEOUT_MS / 1000} s. Look at its log, then try again.`,
    );
  }
  const database = await createDatabase({ dataDir });
  try {
    return await database.dumpEmbedded!();
  } finally {
    await database.close();
  }
}

/** Writes the archive for `config` into `dir`; answers its path and what it holds. */
export async function writeBackup({
  config,
  dir,
  now,
}: {
  config: Config;
  dir: string;
  now: Date;
}): Promise<{ file: string; blobs: number; database: BackupManifest['database'] }> {
  mkdirSync(dir, { recursive: true });
  const file = path.resolve(dir, backupFileName(now));
  if (existsSync(file)) throw new Stop(`${file} already exists; nothing was written.`);
  const partial = `${file}.partial`;
  const pgDumpFile = `${file}.pgdump.partial`;
  try {
    const entries: TarEntry[] = [];
    const manifest: BackupManifest = {
      format: 'bree-backup',
      version: 1,
      createdAt: now.toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      blobs: config.s3 ? 's3' : 'files',
    };
    entries.push({ name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) });
    if (config.databaseUrl) {
      await runPgTool({ tool: 'pg_dump', databaseUrl: config.databaseUrl, args: (dbname) => pgDumpArgs(dbname, pgDumpFile) });
      entries.push({ name: PGDUMP_ENTRY, path: pgDumpFile, size: statSync(pgDumpFile).size });
    } else {
      entries.push({ name: PGLITE_ENTRY, data: await dumpEmbedded(config.dataDir) });
    }
    // Attachments after the database: one uploaded meanwhile is extra, never missing from a document that names it.
    const blobs = config.s3 ? [] : await listBlobFiles(path.resolve(config.dataDir, 'blobs'));
    for (const blob of blobs) entries.push({ name: blobEntryName(blob.key), path: blob.path, size: blob.size });
    await pipeline(Readable.from(tarStream(entries, now)), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
    return { file, blobs: blobs.length, database: manifest.database };
  } finally {
    rmSync(partial, { force: true });
    rmSync(pgDumpFile, { force: true });
  }
}

/** Runs the command; answers the exit code. */
export async function backupCommand(argv: string[], io: Pick<Io, 'stdout' | 'stderr'> = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  try {
    const { dir } = parseArgs(argv);
    const config = loadCliConfig();
    const result = await writeBackup({ config, dir: dir ?? path.join(config.dataDir, 'backups'), now: new Date() });
    const database = result.database === 'postgres' ? 'the PostgreSQL database' : 'the embedded database';
    const held = config.s3
      ? `It holds ${database}. Attachments stay in the S3 bucket ${config.s3.bucket}: back it up with your storage provider's tools.`
      : `It holds ${database} and ${result.blobs} attachment${result.blobs === 1 ? '' : 's'}.`;
    io.stdout.write(`Backup written: ${result.file}\n${held}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      (error.code === 0 ? io.stdout : io.stderr).write(`${error.message}\n`);
      return error.code;
    }
    io.stderr.write(`Could not write the backup: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
