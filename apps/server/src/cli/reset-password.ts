/**
 * `npm run reset-password -- EMAIL [--generate]`: sets a new password for a local account of
 * the embedded sign-in, on the database Bree uses (DATA_DIR's embedded database, or
 * DATABASE_URL). The password is asked twice without echo, read from standard input when
 * that is not a terminal, or made up with --generate. The account's reset links and sessions
 * end with the old password, and so do its access tokens, in every running Bree process.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '../db/db';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { hashPassword, normalizeEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../modules/identity/accounts.service';
import { createPasswordResetRepository } from '../modules/identity/password-reset.repository';
import { createNotificationHub } from '../db/notifications';
import { TOKENS_REVOKED_CHANNEL } from '../modules/identity/token-revocation';
import { openBreeDatabase, Stop, type Io } from './cli-support';

const USAGE = `Usage: npm run reset-password -- EMAIL [--generate]

Sets a new password for the Bree account with this email. Asks for it twice (or reads one
line from standard input when it is not a terminal); --generate makes one up and prints it.
Run it where Bree runs, with the same DATA_DIR or DATABASE_URL. With the embedded database,
stop Bree first.`;

/** Four groups of five letters and digits, without look-alikes (about 99 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const group = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}

function parseArgs(argv: string[]): { email: string; generate: boolean } {
  if (argv.includes('--help') || argv.includes('-h')) throw new Stop(USAGE, 0);
  const unknown = argv.filter((a) => a.startsWith('-') && a !== '--generate');
  const positional = argv.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0) throw new Stop(`Unknown option ${unknown[0]}.\n\n${USAGE}`, 2);
  if (positional.length !== 1) throw new Stop(USAGE, 2);
  return { email: positional[0]!, generate: argv.includes('--generate') };
}

/** One line typed without echo (Enter ends it, Ctrl+C cancels). */
function promptHidden(question: string, io: Io): Promise<string> {
  const { stdin, stdout } = io;
  // Echo off before the prompt shows: what is typed right after it must not appear either.
  stdin.setRawMode(true);
  stdout.write(question);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let chars: string[] = [];
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(() => resolve(chars.join('')));
        if (ch === '\u0003') return finish(() => reject(new Stop('Cancelled; the password was not changed.', 130)));
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else if (ch >= ' ') chars.push(ch);
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of standard input (for scripts and tests: `echo "$PW" | npm run reset-password -- EMAIL`). */
async function readFirstLine(stdin: NodeJS.ReadStream): Promise<string> {
  let text = '';
  stdin.setEncoding('utf8');
  for await (const chunk of stdin) {
    text += chunk as string;
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function choosePassword(generate: boolean, io: Io): Promise<string> {
  if (generate) return generatePassword();
  let password: string;
  if (io.stdin.isTTY) {
    password = await promptHidden('New password: ', io);
    if (!passwordProblem(password) && (await promptHidden('Repeat the new password: ', io)) !== password) {
      throw new Stop('The two passwords do not match; the password was not changed.');
    }
  } else {
    password = await readFirstLine(io.stdin);
    if (!password) throw new Stop('No password on standard input (or use --generate); the password was not changed.');
  }
  const problem = passwordProblem(password);
  if (problem === 'password_too_short') throw new Stop(`The password must be at least ${PASSWORD_MIN_LENGTH} characters; it was not changed.`);
  if (problem === 'password_too_long') throw new Stop(`The password must be at most ${PASSWORD_MAX_LENGTH} characters; it was not changed.`);
  return password;
}

/**
 * Tells the running Bree processes (PostgreSQL) that the account's access tokens are refused from now
 * on, so they stop accepting them at once rather than when their few-second cache runs out. An embedded
 * database has no running Bree to tell: the command refuses to open one that a Bree holds.
 */
async function announceSignOut({ database, userId }: { database: Database; userId: string }): Promise<void> {
  if (database.kind !== 'postgres') return;
  const hub = createNotificationHub({ database });
  await hub.notify(TOKENS_REVOKED_CHANNEL, `account ${userId}`).catch(() => undefined);
  await hub.close();
}

/** Runs the command; answers the exit code. */
export async function resetPasswordCommand(argv: string[], io: Io = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  let database: Database | null = null;
  try {
    const { email: rawEmail, generate } = parseArgs(argv);
    const email = normalizeEmail(rawEmail);
    // Someone at a terminal learns of a wrong email before typing a password; a script's password is checked first.
    const interactive = !generate && io.stdin.isTTY === true;
    let password = interactive ? '' : await choosePassword(generate, io);
    database = await openBreeDatabase({ externalIssuer: (issuer) => `Bree signs people in through ${issuer} (OIDC_ISSUER): reset passwords there.` });
    const user = await createAccountsRepository({ db: database.db }).findByEmail({ email });
    if (!user) throw new Stop(`No account uses the email ${email}; nothing was changed.`);
    if (interactive) password = await choosePassword(generate, io);
    const changed = await createPasswordResetRepository({ db: database.db }).setPassword({ userId: user.id, passwordHash: await hashPassword(password) });
    if (!changed) throw new Stop(`The account ${email} was deleted meanwhile; nothing was changed.`);
    await announceSignOut({ database, userId: user.id });
    io.stdout.write(`New password set for ${email}. Their sessions and reset links have ended.\n`);
    if (generate) io.stdout.write(`New password: ${password}\n`);
    return 0;
  } catch (error) {
    if (error instanceof Stop) {
      (error.code === 0 ? io.stdout : io.stderr).write(`${error.message}\n`);
      return error.code;
    }
    io.stderr.write(`Could not reset the password: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database?.close();
  }
}
