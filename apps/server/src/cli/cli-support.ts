import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { createDatabase, type Database } from '../db/db';
import { DataDirInUseError, pgliteLockHolder, pgliteLockPath, type PgliteLockHolder } from '../db/pglite-lock';

/** A failure an administrator command explains in one message, then exits with `code`. */
export class Stop extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

export interface Io {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/** Bree's configuration from the environment; a mistake in it stops the command with its message. */
export function loadCliConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new Stop(error.message);
    throw error;
  }
}

/** Who holds this embedded database, said as the commands' messages say it. */
export function describeHolder(holder: PgliteLockHolder): string {
  return holder.hostname === os.hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.hostname}`;
}

/**
 * Opens Bree's database for an administrator command, refusing an embedded one that does not
 * exist or that a running Bree holds (PGlite serves one process at a time). `externalIssuer`
 * says what to do instead when accounts live at an external OIDC issuer; null when the command
 * works with one too.
 */
export async function openBreeDatabase({ externalIssuer }: { externalIssuer: ((issuer: string) => string) | null }): Promise<Database> {
  const config = loadCliConfig();
  if (config.oidc.mode === 'external' && externalIssuer) throw new Stop(externalIssuer(config.oidc.issuer));
  if (!config.databaseUrl) {
    const pgliteDir = path.resolve(config.dataDir, 'pglite');
    if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      throw new Stop(`No Bree database in ${pgliteDir}.\nRun this command where Bree runs, with the same DATA_DIR (or DATABASE_URL).`);
    }
    const holder = pgliteLockHolder(config.dataDir);
    if (holder) throw runningHere(config.dataDir, holder);
  }
  // The command takes the data dir's lock as Bree does: a Bree starting meanwhile is refused, and refuses this.
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    throw error instanceof DataDirInUseError ? runningHere(config.dataDir, error.holder) : error;
  });
  try {
    // The same migrations Bree runs at start: a data dir from an older Bree gets today's tables.
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function runningHere(dataDir: string, holder: PgliteLockHolder): Stop {
  return new Stop(
    `Bree is running on this data directory (${describeHolder(holder)}). Stop Bree first, then run this command again.\n` +
      `If Bree is not running, delete ${pgliteLockPath(dataDir)} and try again.`,
  );
}
