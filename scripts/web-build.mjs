// Builds the web app aside and renames it into place: several processes started together from one
// checkout (npm start), or the test suites running beside `npm test`'s build stage, never serve, read
// or empty a build half-written. Run directly (`node scripts/web-build.mjs`), it builds afresh.
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Builds apps/web into apps/web/dist; `replace` throws away a dist/ already there. Answers the build's exit status. */
export function buildWebApp({ root, replace }) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const dist = path.join(root, 'apps/web/dist');
  const webIndex = path.join(dist, 'index.html');
  const building = path.join(root, 'apps/web/tmp', `build-${process.pid}-${Date.now()}`);
  const built = spawnSync(npm, ['run', 'build', '-w', '@bree/web', '--', '--outDir', building], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    return built.status ?? 1;
  }
  // A rebuild, or a dist/ left without its index.html (a build stopped halfway), is replaced.
  if (replace || !existsSync(webIndex)) rmSync(dist, { recursive: true, force: true });
  try {
    renameSync(building, dist);
  } catch (error) {
    // Another process starting at the same time put its build there first: the same files.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(webIndex)) throw error;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(buildWebApp({ root: path.dirname(path.dirname(fileURLToPath(import.meta.url))), replace: true }));
}
