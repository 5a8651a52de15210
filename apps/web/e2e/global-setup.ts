import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Builds the web app once before the browser tests, so they run against what `npm start` serves;
 * `npm test` (scripts/test.mjs) builds it in a stage of its own beside the other suites and says so
 * with BREE_E2E_PREBUILT=1.
 */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  if (process.env.BREE_E2E_PREBUILT === '1' && existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  const built = spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('web build failed');
}
