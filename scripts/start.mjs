// `npm start`: builds the web app once if it is missing, bundles the server when its source changed
// (scripts/server-bundle.mjs), prepares the embedded database template when a new data directory
// needs it, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBundle } from './server-bundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// V8 keeps the code it compiled for every module on disk (Node 22.1 and later), and the next start
// skips compiling what did not change. Node checks each entry against the file it came from.
module.enableCompileCache?.(path.join(root, 'node_modules/.cache/bree/node-compile-cache'));
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex) || process.env.BREE_REBUILD === '1') buildWebApp();

const log = (line) => console.log(line);
// Without a bundle the TypeScript source runs through tsx, transpiled as it loads.
const entries = (await serverBundle({ root, log })) ?? (await sourceEntries());
// A first start on a new embedded data directory is quicker from a migrated template (docs/DEPLOY.md).
const { preparePgliteTemplateForStart } = await import(entries.prepare);
await preparePgliteTemplateForStart({ env: process.env, log });
await import(entries.main);

async function sourceEntries() {
  const { register } = await import('tsx/esm/api');
  register();
  const source = (file) => pathToFileURL(path.join(root, 'apps/server/src', file)).href;
  return { main: source('main.ts'), prepare: source('db/pglite-template-prepare.ts') };
}

/**
 * Builds the web app aside and renames it into place, as the server bundle is: several processes
 * started together from one checkout never serve, or empty, another one's build half-written.
 */
function buildWebApp() {
  console.log('Building the web app (first start only)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const dist = path.dirname(webIndex);
  const building = path.join(root, 'apps/web/tmp', `build-${process.pid}-${Date.now()}`);
  const built = spawnSync(npm, ['run', 'build', '-w', '@bree/web', '--', '--outDir', building], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    process.exit(built.status ?? 1);
  }
  // A rebuild, or a dist/ left without its index.html (a build stopped halfway), is replaced.
  if (process.env.BREE_REBUILD === '1' || !existsSync(webIndex)) rmSync(dist, { recursive: true, force: true });
  try {
    renameSync(building, dist);
  } catch (error) {
    // Another process starting at the same time put its build there first: the same files.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(webIndex)) throw error;
  }
}
