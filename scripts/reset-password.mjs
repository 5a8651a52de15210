// `npm run reset-password -- EMAIL [--generate]`: sets a new password for an account of the
// embedded sign-in (apps/server/src/cli/reset-password.ts). Stop Bree first when it uses the
// embedded database.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { register } = await import('tsx/esm/api');
register();
const { resetPasswordCommand } = await import(pathToFileURL(path.join(root, 'apps/server/src/cli/reset-password.ts')).href);
process.exit(await resetPasswordCommand(process.argv.slice(2)));
