// `npm run backup -- [--dir DIR]`: writes Bree's database and attachments into one archive
// (apps/server/src/cli/backup.ts). Bree may keep serving.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { register } = await import('tsx/esm/api');
register();
const { backupCommand } = await import(pathToFileURL(path.join(root, 'apps/server/src/cli/backup.ts')).href);
process.exit(await backupCommand(process.argv.slice(2)));
