// `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into an empty
// DATA_DIR or database (apps/server/src/cli/restore.ts). Stop Bree first.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { register } = await import('tsx/esm/api');
register();
const { restoreCommand } = await import(pathToFileURL(path.join(root, 'apps/server/src/cli/restore.ts')).href);
process.exit(await restoreCommand(process.argv.slice(2)));
