// `npm run backup -- [--dir DIR]`: writes Bree's database and attachments into one archive
// (apps/server/src/cli/backup.ts). Bree may keep serving.
import { runCommand } from './cli.mjs';

await runCommand({ entry: 'backup', exportName: 'backupCommand' });
