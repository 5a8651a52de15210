// `npm start`: builds the web app once if it is missing, prepares the embedded database template
// when a new data directory needs it, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webIndex = path.join(root, 'apps/web/dist/index.html');

if (!existsSync(webIndex) || process.env.BREE_REBUILD === '1') {
  console.log('Building the web app (first start only)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const built = spawnSync(npm, ['run', 'build', '-w', '@bree/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
// A first start on a new embedded data directory is quicker from a migrated template (docs/DEPLOY.md).
const { preparePgliteTemplateForStart } = await import(pathToFileURL(path.join(root, 'apps/server/src/db/pglite-template-prepare.ts')).href);
await preparePgliteTemplateForStart({ env: process.env, log: (line) => console.log(line) });
await import(pathToFileURL(path.join(root, 'apps/server/src/main.ts')).href);
