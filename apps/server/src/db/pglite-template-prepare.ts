// Making the embedded database template (`db/pglite-template.ts`), which `npm start` does before the
// first start on a new data directory. The template is a database in memory that is only migrated and
// dumped: Bree never runs on it, so nothing made per installation (sign-in keys, accounts, pg-boss's
// data) can end up in it and be shared with another installation.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { createDatabase, currentPgliteTemplateKey } from './db';
import { INSTALL_TEMPLATE_DIR, isEmptyPgliteFolder, pgliteTemplateFile, writePgliteTemplate } from './pglite-template';

/** Makes the template with the current key in `cacheDir` (a migrated, empty database) and answers its file. */
export async function makePgliteTemplate(opts: { cacheDir: string }): Promise<string> {
  const key = currentPgliteTemplateKey();
  const database = await createDatabase({ dataDir: 'memory://', templateDir: null });
  try {
    await database.migrate();
    const dump = await database.dumpEmbedded!();
    return writePgliteTemplate({ cacheDir: opts.cacheDir, key, dump });
  } finally {
    await database.close();
  }
}

/**
 * Before a start: makes the template when this start will create a new embedded database and the
 * current one is missing. A start on an existing data directory costs one folder listing; one on a
 * new directory, a key computation and a file check. A failure is reported in one line and the
 * start goes on without it.
 */
export async function preparePgliteTemplateForStart(opts: {
  env: Record<string, string | undefined>;
  cacheDir?: string;
  log: (line: string) => void;
}): Promise<'made' | 'present' | 'not needed' | 'failed'> {
  const cacheDir = opts.cacheDir ?? INSTALL_TEMPLATE_DIR;
  try {
    // An invalid configuration is the server's to report; a start on PostgreSQL never uses a template.
    const config = (() => {
      try {
        return loadConfig(opts.env, { interactive: false });
      } catch {
        return null;
      }
    })();
    if (!config || config.databaseUrl || config.dataDir === 'memory://') return 'not needed';
    // A DATA_DIR that is a file (or inside one) gets no database: the server says so in one line.
    if (notADirectory(config.dataDir)) return 'not needed';
    if (!isEmptyPgliteFolder(path.resolve(config.dataDir, 'pglite'))) return 'not needed';
    if (existsSync(pgliteTemplateFile({ cacheDir, key: currentPgliteTemplateKey() }))) return 'present';
    opts.log('Preparing the embedded database (first start only)…');
    await makePgliteTemplate({ cacheDir });
    return 'made';
  } catch (error) {
    opts.log(
      `The embedded database template could not be saved in ${cacheDir} (${error instanceof Error ? error.message : String(error)}); starting without it.`,
    );
    return 'failed';
  }
}

/** Whether `dir` is a file or lies inside one (ENOTDIR); false for a directory and for a path that does not exist yet. */
function notADirectory(dir: string): boolean {
  try {
    return !statSync(dir).isDirectory();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR';
  }
}
