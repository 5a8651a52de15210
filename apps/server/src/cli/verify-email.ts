/**
 * `npm run verify-email -- EMAIL`: marks the address of a local account of the embedded
 * sign-in as verified, on the database Bree uses (DATA_DIR's embedded database, or
 * DATABASE_URL). What a verification link does, for a Bree without a mail server: an address
 * listed in ADMIN_EMAILS names an administrator only once it is verified.
 */
import type { Database } from '../db/db';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { normalizeEmail } from '../modules/identity/accounts.service';
import { openBreeDatabase, Stop, type Io } from './cli-support';

const USAGE = `Usage: npm run verify-email -- EMAIL

Marks the email address of this Bree account as verified, as opening the link of a
verification mail would. Run it where Bree runs, with the same DATA_DIR or DATABASE_URL.
With the embedded database, stop Bree first.`;

function parseArgs(argv: string[]): { email: string } {
  if (argv.includes('--help') || argv.includes('-h')) throw new Stop(USAGE, 0);
  const unknown = argv.filter((a) => a.startsWith('-'));
  const positional = argv.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0) throw new Stop(`Unknown option ${unknown[0]}.\n\n${USAGE}`, 2);
  if (positional.length !== 1) throw new Stop(USAGE, 2);
  return { email: positional[0]! };
}

/** Runs the command; answers the exit code. */
export async function verifyEmailCommand(
  argv: string[],
  io: Pick<Io, 'stdout' | 'stderr'> = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let database: Database | null = null;
  try {
    const email = normalizeEmail(parseArgs(argv).email);
    database = await openBreeDatabase({
      externalIssuer: (issuer) => `Bree signs people in through ${issuer} (OIDC_ISSUER): addresses are verified there.`,
    });
    const accounts = createAccountsRepository({ db: database.db });
    const user = await accounts.findByEmail({ email });
    if (!user) throw new Stop(`No account uses the email ${email}; nothing was changed. Create the account first (Sign in → Create account).`);
    if (user.emailVerified) {
      io.stdout.write(`The email ${email} was already verified; nothing was changed.\n`);
      return 0;
    }
    if (!(await accounts.markEmailVerified({ id: user.id }))) throw new Stop(`The account ${email} was deleted meanwhile; nothing was changed.`);
    io.stdout.write(`The email ${email} is now verified. Its next sign-in or token refresh (within the hour) carries it.\n`);
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      (error.code === 0 ? io.stdout : io.stderr).write(`${error.message}\n`);
      return error.code;
    }
    io.stderr.write(`Could not verify the email: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}
