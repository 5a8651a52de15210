// `npm run import-account -- --file ARCHIVE (--email ADDRESS | --tenant ID)`: brings an archive of
// 'Export all my data' into an account of this Bree (apps/server/src/cli/import-account.ts).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { register } = await import('tsx/esm/api');
register();
const { importAccountCommand } = await import(pathToFileURL(path.join(root, 'apps/server/src/cli/import-account.ts')).href);
process.exit(await importAccountCommand(process.argv.slice(2)));
