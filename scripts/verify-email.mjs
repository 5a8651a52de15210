// `npm run verify-email -- EMAIL`: marks the address of an account of the embedded sign-in as
// verified (apps/server/src/cli/verify-email.ts). Stop Bree first when it uses the embedded
// database.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { register } = await import('tsx/esm/api');
register();
const { verifyEmailCommand } = await import(pathToFileURL(path.join(root, 'apps/server/src/cli/verify-email.ts')).href);
process.exit(await verifyEmailCommand(process.argv.slice(2)));
