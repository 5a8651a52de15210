import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * How tests start Bree in a process of its own: the bundled server `npm start` runs
 * (scripts/server-bundle.mjs), made once per version of the source, so each start loads a few files
 * instead of tsx transpiling hundreds of modules (about a third of the time to ready). Where it
 * cannot be bundled, the TypeScript source runs through tsx, as `npm start` would fall back to.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const sourceMain = path.join(repoRoot, 'apps/server/src/main.ts');

interface BundleEntries {
  main: string;
  prepare: string;
}
type ServerBundle = (options: { root: string; log: (line: string) => void }) => Promise<BundleEntries | null>;

let argsOnce: Promise<string[]> | null = null;

/** Node.js arguments that run Bree's server (`spawn(process.execPath, await serverProcessArgs(), …)`), from the repository root. */
export function serverProcessArgs(): Promise<string[]> {
  argsOnce ??= (async () => {
    const bundler = (await import(pathToFileURL(path.join(repoRoot, 'scripts/server-bundle.mjs')).href)) as { serverBundle: ServerBundle };
    const entries = await bundler.serverBundle({ root: repoRoot, log: () => undefined });
    return entries ? [fileURLToPath(entries.main)] : ['--import', 'tsx', sourceMain];
  })();
  return argsOnce;
}

/** Builds the bundle before the test workers start, so they do not all build it at once (test/global-setup.ts). */
export async function prepareServerBundle(): Promise<void> {
  await serverProcessArgs();
}
