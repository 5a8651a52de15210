// The embedded database template: an empty, fully migrated PGlite database kept as PGlite's gzipped
// tarball, so a new data directory skips initdb and the migrations (most of a first start's time).
// Its file name carries a key over everything that shapes it, so an upgrade never uses an old one.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the install keeps its templates: `node_modules/.cache/bree/` at the repository root, beside the
 * installed packages whose versions the key names (a new install starts with none; docs/DEPLOY.md).
 */
export const INSTALL_TEMPLATE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../node_modules/.cache/bree');

/** What a template's contents depend on. */
export interface PgliteTemplateInputs {
  /** Versions of the packages that write the data files (PGlite itself and its extension packages). */
  packageVersions: Record<string, string>;
  /** Names of the extensions PGlite loads at open. */
  extensionNames: string[];
  /** Every migration file (the .sql files and meta/_journal.json) by its name in the migrations folder. */
  migrationFiles: Array<{ name: string; contents: string }>;
}

/** The template's key: a short hash of its inputs, independent of the order they were listed in. */
export function pgliteTemplateKey(inputs: PgliteTemplateInputs): string {
  const hash = createHash('sha256');
  const byName = <T>(entries: Array<[string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, version] of byName(Object.entries(inputs.packageVersions))) hash.update(`package\0${name}\0${version}\0`);
  for (const name of [...inputs.extensionNames].sort()) hash.update(`extension\0${name}\0`);
  for (const [name, contents] of byName(inputs.migrationFiles.map((file): [string, string] => [file.name, file.contents]))) {
    hash.update(`migration\0${name}\0${contents.length}\0${contents}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed version of a package, read from its package.json (found upwards from its entry point). */
function installedVersion(packageName: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(packageName));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === packageName && parsed.version) return parsed.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json found for ${packageName}`);
    dir = parent;
  }
}

/** Reads this install's template inputs: package versions and the migration files (a few hundred KB). */
export function readPgliteTemplateInputs(opts: { migrationsFolder: string; extensionNames: string[]; packageNames: string[] }): PgliteTemplateInputs {
  const sqlFiles = readdirSync(opts.migrationsFolder).filter((name) => name.endsWith('.sql'));
  const names = [...sqlFiles, 'meta/_journal.json'];
  return {
    packageVersions: Object.fromEntries(opts.packageNames.map((name) => [name, installedVersion(name)])),
    extensionNames: opts.extensionNames,
    migrationFiles: names.map((name) => ({ name, contents: readFileSync(path.join(opts.migrationsFolder, name), 'utf8') })),
  };
}

/** The template file for a key inside a cache folder. */
export function pgliteTemplateFile(opts: { cacheDir: string; key: string }): string {
  return path.join(opts.cacheDir, `pglite-template-${opts.key}.tar.gz`);
}

/** Writes a template atomically: a temporary file in the same folder, then a rename, so a reader never sees half of one. */
export function writePgliteTemplate(opts: { cacheDir: string; key: string; dump: Buffer }): string {
  mkdirSync(opts.cacheDir, { recursive: true });
  const file = pgliteTemplateFile(opts);
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temporary, opts.dump);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return file;
}

/** True when an embedded database folder holds nothing yet (missing or empty): only then may a template fill it. */
export function isEmptyPgliteFolder(location: string): boolean {
  return !existsSync(location) || readdirSync(location).length === 0;
}
