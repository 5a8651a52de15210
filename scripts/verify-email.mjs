// `npm run verify-email -- EMAIL`: marks the address of an account of the embedded sign-in as
// verified (apps/server/src/cli/verify-email.ts). Stop Bree first when it uses the embedded
// database.
import { runCommand } from './cli.mjs';

await runCommand({ entry: 'verify-email', exportName: 'verifyEmailCommand' });
