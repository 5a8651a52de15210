// `npm run import-account -- --file ARCHIVE (--email ADDRESS | --tenant ID)`: brings an archive of
// 'Export all my data' into an account of this Bree (apps/server/src/cli/import-account.ts).
import { runCommand } from './cli.mjs';

await runCommand({ entry: 'import-account', exportName: 'importAccountCommand' });
