// The server as plain JavaScript for `npm start`: esbuild bundles apps/server/src (with the
// workspace packages) into apps/server/dist/server-<key>/, once per version of the source, so a
// start loads a few files instead of transpiling hundreds of TypeScript modules. Installed
// packages stay outside the bundle and load from node_modules as before. Tests that start Bree in a
// process run it too (apps/server/test/server-process.ts); `npm run dev:server` runs the TypeScript source.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE_DIRS = ['apps/server/src', 'packages/contracts/src', 'packages/editor/src'];
const SOURCE_FILE = /\.(ts|mts|js|mjs|json)$/;
const PACKAGE_FILES = ['apps/server/package.json', 'packages/contracts/package.json', 'packages/editor/package.json', 'tsconfig.base.json'];
/** Bundles of older sources are removed once this old: a process still running one may yet load its lazy parts. */
const OLD_BUNDLE_MS = 60 * 60 * 1000;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE_FILE.test(entry.name) && !entry.name.includes('.test.')) files.push(full);
  }
  return files;
}

/** A hash of everything that goes into the bundle: the source, the packages' manifests, this script and esbuild's version. */
function bundleKey(root, esbuildVersion) {
  const hash = createHash('sha256')
    .update(esbuildVersion)
    .update(readFileSync(fileURLToPath(import.meta.url)));
  const files = [...SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(root, dir))), ...PACKAGE_FILES.map((file) => path.join(root, file))];
  for (const file of files.sort()) hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * `import.meta` in a bundle names the bundle's file; the source's own (assets, migrations, the
 * worker script, the web build) is found from where the source file is, relative to the bundle.
 */
function sourceLocationPlugin(root, outdir) {
  return {
    name: 'bree-source-location',
    setup(build) {
      build.onLoad({ filter: /\.m?ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) || !args.path.startsWith(root)) return undefined;
        let contents = readFileSync(args.path, 'utf8');
        if (!contents.includes('import.meta')) return undefined;
        const relativeFile = path.relative(outdir, args.path).split(path.sep).join('/');
        const relativeDir = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        contents = contents
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(relativeFile)}, import.meta.url).href`)
          .replaceAll('import.meta.dirname', `__breeFileURLToPath(new URL(${JSON.stringify(`${relativeDir}/`)}, import.meta.url))`);
        if (contents.includes('__breeFileURLToPath')) contents = `import { fileURLToPath as __breeFileURLToPath } from 'node:url';\n${contents}`;
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Bundled with the workspace's code: drizzle-orm's hundreds of small modules share one package.json
 * of 180 kB, which Node 22 reads again for each module it loads.
 */
const BUNDLED_PACKAGES = /^(@bree\/|drizzle-orm(\/|$))/;

/** Other installed packages are imported at run time from node_modules. */
const installedPackagesExternal = {
  name: 'bree-installed-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

function removeOldBundles(distDir, keep) {
  for (const entry of readdirSync(distDir)) {
    const full = path.join(distDir, entry);
    if (entry === keep || !/^(server-|\.building-)/.test(entry)) continue;
    try {
      if (Date.now() - statSync(full).mtimeMs > OLD_BUNDLE_MS) rmSync(full, { recursive: true, force: true });
    } catch {
      // Another start removed it first.
    }
  }
}

/** The bundle's entry points: the server, the template's preparation and each administrator command. */
export const ENTRY_SOURCES = {
  main: 'apps/server/src/main.ts',
  prepare: 'apps/server/src/db/pglite-template-prepare.ts',
  backup: 'apps/server/src/cli/backup.ts',
  restore: 'apps/server/src/cli/restore.ts',
  'reset-password': 'apps/server/src/cli/reset-password.ts',
  'verify-email': 'apps/server/src/cli/verify-email.ts',
  'import-account': 'apps/server/src/cli/import-account.ts',
};

/**
 * The bundled server's entry points as file URLs, by the names of ENTRY_SOURCES (`main` starts Bree,
 * `prepare` makes the embedded database template, the others are the commands of scripts/cli.mjs),
 * built first when the source changed. Answers null when it cannot be built (esbuild missing, a
 * read-only install): the caller runs the source with tsx.
 */
export async function serverBundle({ root, log }) {
  try {
    // Its version is read from its manifest: loading esbuild itself is only needed to build.
    const { version } = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('esbuild/package.json'), 'utf8'));
    const distDir = path.join(root, 'apps/server/dist');
    const name = `server-${bundleKey(root, version)}`;
    const outdir = path.join(distDir, name);
    const entries = Object.fromEntries(Object.keys(ENTRY_SOURCES).map((entry) => [entry, path.join(outdir, `${entry}.mjs`)]));
    if (!Object.values(entries).every((file) => existsSync(file))) {
      // Built aside and renamed into place: processes starting together never load a half-written bundle.
      const building = path.join(distDir, `.building-${process.pid}-${Date.now()}`);
      const esbuild = await import('esbuild');
      await esbuild.build({
        entryPoints: Object.fromEntries(Object.entries(ENTRY_SOURCES).map(([entry, source]) => [entry, path.join(root, source)])),
        outdir: building,
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        outExtension: { '.js': '.mjs' },
        plugins: [installedPackagesExternal, sourceLocationPlugin(root, outdir)],
        logLevel: 'error',
      });
      // esbuild's service process would otherwise live as long as Bree does.
      await esbuild.stop();
      try {
        renameSync(building, outdir);
      } catch (error) {
        // Another process starting at the same time put the same bundle there first.
        rmSync(building, { recursive: true, force: true });
        if (!existsSync(entries.main)) throw error;
      }
      removeOldBundles(distDir, name);
    }
    return Object.fromEntries(Object.entries(entries).map(([entry, file]) => [entry, pathToFileURL(file).href]));
  } catch (error) {
    log(`The server could not be bundled (${error instanceof Error ? error.message : String(error)}); running its source instead.`);
    return null;
  }
}
