import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../test/harness';
import { createDatabase, type Database } from '../db/db';
import { pgliteLockPath } from '../db/pglite-lock';
import { createAccountsRepository } from '../modules/identity/accounts.repository';
import { createAccountsService } from '../modules/identity/accounts.service';

const root = path.resolve(import.meta.dirname, '../../../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run verify-email -- …` as an administrator runs it (the script itself, without npm's banner). */
function verifyEmail(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['DATABASE_URL', 'DATA_DIR', 'OIDC_ISSUER', 'SMTP_URL'].includes(key)));
    const child = spawn(process.execPath, ['scripts/verify-email.mjs', ...args], { cwd: root, env: { ...clean, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

/** An unverified account, as sign-up leaves one. */
async function seed(database: Database): Promise<string> {
  const accounts = createAccountsService({ repository: createAccountsRepository({ db: database.db }) });
  const result = await accounts.register({ email: 'boss@example.com', password: 'in charge!' });
  if (!result.ok) throw new Error(result.reason);
  return result.user.id;
}

async function isVerified(database: Database, id: string): Promise<boolean | undefined> {
  return (await createAccountsRepository({ db: database.db }).findById({ id }))?.emailVerified;
}

// Each run is a new process opening PGlite (~3 s, more on a busy machine).
describe.skipIf(process.env.BREE_TEST_POSTGRES === '1')('npm run verify-email on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string;
  let userId: string;
  const env = () => ({ DATA_DIR: dataDir });

  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    const database = await createDatabase({ dataDir });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'bree-verify-'));
    userId = await withDatabase(async (database) => {
      await database.migrate();
      return seed(database);
    });
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a data dir that a running Bree holds, and changes nothing', async () => {
    // This test process stands in for a running Bree.
    writeFileSync(pgliteLockPath(dataDir), JSON.stringify({ pid: process.pid, hostname: os.hostname() }));
    try {
      const locked = await verifyEmail(['boss@example.com'], env());
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain(`Bree is running on this data directory (process ${process.pid}). Stop Bree first, then run this command again.`);
    } finally {
      rmSync(pgliteLockPath(dataDir), { force: true });
    }
    expect(await withDatabase((database) => isVerified(database, userId))).toBe(false);
  });

  it('marks the address verified, whatever its case, and says so again calmly on a second run', async () => {
    const run = await verifyEmail(['Boss@Example.com'], env());

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('The email boss@example.com is now verified. Its next sign-in or token refresh (within the hour) carries it.\n');
    expect(await withDatabase((database) => isVerified(database, userId))).toBe(true);

    const again = await verifyEmail(['boss@example.com'], env());
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('The email boss@example.com was already verified; nothing was changed.\n');
  });

  it('says so when no account uses the email, and explains a wrong call', async () => {
    const unknown = await verifyEmail(['nobody@example.com'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No account uses the email nobody@example.com; nothing was changed. Create the account first (Sign in → Create account).\n');

    const usage = await verifyEmail([], env());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run verify-email -- EMAIL');
  });
});

describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('npm run verify-email on PostgreSQL', { timeout: 60_000 }, () => {
  it('marks the address verified on the database of DATABASE_URL', async () => {
    const database = await getTestDatabase();
    await resetDatabase(database);
    const userId = await seed(database);

    const run = await verifyEmail(['boss@example.com'], { DATABASE_URL: process.env.TEST_DATABASE_URL! });

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await isVerified(database, userId)).toBe(true);
  });
});
