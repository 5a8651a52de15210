// Runs one administrator command (scripts/backup.mjs and its neighbours) with the process's arguments
// and exits with its code: from the server bundle `npm start` runs (scripts/server-bundle.mjs), so a
// command loads a few files instead of transpiling the server's source; from that source through tsx
// when it cannot be bundled.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENTRY_SOURCES, serverBundle } from './server-bundle.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Runs the command `exportName` of the bundle entry `entry` (a key of ENTRY_SOURCES). */
export async function runCommand({ entry, exportName }) {
  const bundle = await serverBundle({ root, log: (line) => console.error(line) });
  let url = bundle?.[entry];
  if (!url) {
    const { register } = await import('tsx/esm/api');
    register();
    url = pathToFileURL(path.join(root, ENTRY_SOURCES[entry])).href;
  }
  const command = (await import(url))[exportName];
  process.exit(await command(process.argv.slice(2)));
}
