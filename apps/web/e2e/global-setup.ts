import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Builds the web app once before the browser tests, so they run against what `npm start` serves. */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  const built = spawnSync('npm', ['run', 'build', '-w', '@bree/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('web build failed');
}
