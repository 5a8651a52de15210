import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../test/harness';
import { createDatabase, type Database } from '../db/db';
import { pgliteLockPath } from '../db/pglite-lock';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { createAccountsService, verifyPassword } from '../modules/identity/accounts.service';
import { oidcPayloads, passwordResetTokens, users } from '../modules/identity/identity.table';

const root = path.resolve(import.meta.dirname, '../../../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run reset-password -- …` as an administrator runs it (the script itself, without npm's banner). */
function resetPassword(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'DATA_DIR', 'OIDC_ISSUER', 'SMTP_URL'].includes(key)));
    const child = spawn(process.execPath, ['scripts/reset-password.mjs', ...args], { cwd: root, env: { ...clean, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/** One account with a pending reset link and an issuer session, as a user who forgot would have. */
async function seed(database: Database): Promise<string> {
  const accounts = createAccountsService({ repository: createAccountsRepository({ db: database.db }) });
  const result = await accounts.register({ email: 'writer@example.com', password: 'old password' });
  if (!result.ok) throw new Error(result.reason);
  const userId = result.user.id;
  await database.db
    .insert(passwordResetTokens)
    .values({ tokenHash: 'h'.repeat(64), userId, createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) });
  await database.db.insert(oidcPayloads).values({ type: 'Session', id: 'session-1', payload: { accountId: userId, uid: 'u' } });
  await database.db.insert(oidcPayloads).values({ type: 'Session', id: 'session-other', payload: { accountId: 'someone-else' } });
  return userId;
}

async function state(database: Database, userId: string) {
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  const tokens = await database.db.select().from(passwordResetTokens);
  const sessions = await database.db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(sql`${oidcPayloads.type} = 'Session'`);
  return { hash: user!.passwordHash, tokensValidAfter: user!.tokensValidAfter, tokens: tokens.length, sessions: sessions.map((s) => s.id).sort() };
}

// Each run is a new process opening PGlite (~3 s, more on a busy machine).
describe.skipIf(process.env.BREE_TEST_POSTGRES === '1')('npm run reset-password on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  let userId: string;
  const env = () => ({ DATA_DIR: dataDir });

  /** Opens the data dir the command works on (PGlite: one process at a time). */
  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    const database = await createDatabase({ dataDir });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bree-reset-'));
    userId = await withDatabase(async (database) => {
      await database.migrate();
      return seed(database);
    });
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets the password read from standard input and ends the account’s sessions, access tokens and reset links', async () => {
    const startedAt = Date.now();
    const run = await resetPassword(['Writer@Example.com'], env(), 'a new password\n');

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('New password set for writer@example.com. Their sessions and reset links have ended.\n');
    expect(existsSync(pgliteLockPath(dataDir))).toBe(false);
    await withDatabase(async (database) => {
      const after = await state(database, userId);
      expect(await verifyPassword('a new password', after.hash)).toBe(true);
      expect(after.tokens).toBe(0);
      expect(after.sessions).toEqual(['session-other']);
      // Access tokens issued before now are refused (token-revocation.ts).
      expect(after.tokensValidAfter!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    });
  });

  // util-linux `script` gives the command a real terminal, as an administrator's shell would.
  it.skipIf(!existsSync('/usr/bin/script'))('at a terminal asks twice without showing what is typed', async () => {
    const command = `${process.execPath} scripts/reset-password.mjs writer@example.com`;
    const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: root, env: { ...process.env, ...env() }, stdio: 'pipe' });
    let output = '';
    const answered = new Set<string>();
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const prompt of ['New password: ', 'Repeat the new password: ']) {
        if (output.includes(prompt) && !answered.has(prompt)) {
          answered.add(prompt);
          child.stdin.write('typed at a terminal\r');
        }
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code).toBe(0);
    expect(output).toContain('New password set for writer@example.com.');
    expect(output).not.toContain('typed at a terminal');
    await withDatabase(async (database) => expect(await verifyPassword('typed at a terminal', (await state(database, userId)).hash)).toBe(true));
  });

  it('makes one up with --generate and prints it', async () => {
    const run = await resetPassword(['writer@example.com', '--generate'], env());

    expect(run.code).toBe(0);
    const password = /^New password: (\S+)$/m.exec(run.stdout)?.[1];
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    await withDatabase(async (database) => expect(await verifyPassword(password!, (await state(database, userId)).hash)).toBe(true));
  });

  it('says so when no account uses the email, and changes nothing', async () => {
    const before = await withDatabase((database) => state(database, userId));
    const unknown = await resetPassword(['nobody@example.com'], env(), 'a new password\n');

    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No account uses the email nobody@example.com; nothing was changed.\n');
    await withDatabase(async (database) => expect((await state(database, userId)).hash).toBe(before.hash));
  });

  it('refuses a password that breaks the sign-up rules, a missing one and a wrong call', async () => {
    const short = await resetPassword(['writer@example.com'], env(), 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('The password must be at least 8 characters; it was not changed.\n');

    const empty = await resetPassword(['writer@example.com'], env(), '');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('No password on standard input');

    const usage = await resetPassword([], env());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run reset-password -- EMAIL [--generate]');
  });

  it('refuses a data dir that a running Bree holds, and ignores the mark of one that has ended', async () => {
    const before = await withDatabase((database) => state(database, userId));
    // This test process stands in for a running Bree.
    writeFileSync(pgliteLockPath(dataDir), JSON.stringify({ pid: process.pid, hostname: os.hostname() }));
    const locked = await resetPassword(['writer@example.com'], env(), 'a newer password\n');

    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(`Bree is running on this data directory (process ${process.pid}). Stop Bree first, then run this command again.`);
    expect(locked.stderr).toContain(`If Bree is not running, delete ${pgliteLockPath(dataDir)} and try again.`);
    await withDatabase(async (database) => expect((await state(database, userId)).hash).toBe(before.hash));

    const ended = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => ended.on('close', resolve));
    writeFileSync(pgliteLockPath(dataDir), JSON.stringify({ pid: ended.pid, hostname: os.hostname() }));
    const stale = await resetPassword(['writer@example.com'], env(), 'a newer password\n');
    expect(stale.code).toBe(0);
  });

  it('says where it looked when the data dir holds no Bree database', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'bree-empty-'));
    try {
      const run = await resetPassword(['writer@example.com'], { DATA_DIR: empty }, 'a new password\n');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`No Bree database in ${path.join(empty, 'pglite')}.`);
      expect(existsSync(path.join(empty, 'pglite'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('npm run reset-password on PostgreSQL', { timeout: 60_000 }, () => {
  it('sets the password on the database of DATABASE_URL', async () => {
    const database = await getTestDatabase();
    await resetDatabase(database);
    const userId = await seed(database);

    const run = await resetPassword(['writer@example.com'], { DATABASE_URL: process.env.TEST_DATABASE_URL! }, 'a new password\n');

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const after = await state(database, userId);
    expect(await verifyPassword('a new password', after.hash)).toBe(true);
    expect(after.tokens).toBe(0);
    expect(after.sessions).toEqual(['session-other']);
  });
});
