// `npm run reset-password -- EMAIL [--generate]`: sets a new password for an account of the
// embedded sign-in (apps/server/src/cli/reset-password.ts). Stop Bree first when it uses the
// embedded database.
import { runCommand } from './cli.mjs';

await runCommand({ entry: 'reset-password', exportName: 'resetPasswordCommand' });
