// `npm start`: builds the web app once if it is missing, bundles the server when its source changed
// (scripts/server-bundle.mjs), prepares the embedded database template when a new data directory
// needs it, then runs the server in this process.
import { existsSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBundle } from './server-bundle.mjs';
import { buildWebApp } from './web-build.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// V8 keeps the code it compiled for every module on disk (Node 22.1 and later), and the next start
// skips compiling what did not change. Node checks each entry against the file it came from.
module.enableCompileCache?.(path.join(root, 'node_modules/.cache/bree/node-compile-cache'));
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex) || process.env.BREE_REBUILD === '1') {
  console.log('Building the web app (first start only)…');
  const status = buildWebApp({ root, replace: process.env.BREE_REBUILD === '1' });
  if (status !== 0) process.exit(status);
}

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
