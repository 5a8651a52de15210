/**
 * pg_dump and pg_restore, PostgreSQL's own tools, as `npm run backup` and `npm run restore`
 * run them on DATABASE_URL (see pgDumpArgs and pgRestoreArgs for the exact commands).
 */
import { spawn } from 'node:child_process';
import { pgToolConnection } from './backup-archive';
import { Stop } from './cli-support';

/** `pg_dump --format=custom --compress=6 --no-owner --no-acl --file=FILE --dbname=URL`: one compressed file that pg_restore reads. */
export function pgDumpArgs(dbname: string, file: string): string[] {
  return ['--format=custom', '--compress=6', '--no-owner', '--no-acl', `--file=${file}`, `--dbname=${dbname}`];
}

/** `pg_restore --no-owner --no-acl --exit-on-error --dbname=URL FILE`: the objects belong to DATABASE_URL's user. */
export function pgRestoreArgs(dbname: string, file: string): string[] {
  return ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${dbname}`, file];
}

/** Runs pg_dump or pg_restore on DATABASE_URL; stops with the tool's own words when it fails or is missing. */
export async function runPgTool({
  tool,
  databaseUrl,
  args,
}: {
  tool: 'pg_dump' | 'pg_restore';
  databaseUrl: string;
  args: (dbname: string) => string[];
}): Promise<void> {
  const { dbname, env } = pgToolConnection(databaseUrl);
  const result = await new Promise<{ code: number | null; stderr: string; missing: boolean }>((resolve) => {
    const child = spawn(tool, args(dbname), { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => resolve({ code: null, stderr: error.message, missing: error.code === 'ENOENT' }));
    child.on('close', (code) => resolve({ code, stderr, missing: false }));
  });
  if (result.missing) {
    throw new Stop(
      `${tool} is not installed (or not on PATH). Install PostgreSQL's client tools of your server's major version or newer ` +
        `(Debian: apt-get install postgresql-client), then run this command again.`,
    );
  }
  if (result.code !== 0) throw new Stop(`${tool} failed (exit code ${String(result.code)}):\n${result.stderr.trim()}`);
}
