// `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into an empty
// DATA_DIR or database (apps/server/src/cli/restore.ts). Stop Bree first.
import { runCommand } from './cli.mjs';

await runCommand({ entry: 'restore', exportName: 'restoreCommand' });
