import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth-helpers';
import { createTestApp, getTestDatabase, resetDatabase, type TestApp } from '../../../test/harness';
import { createAccountsRepository } from './accounts.repository';

let t: TestApp;

beforeEach(async () => {
  await resetDatabase(await getTestDatabase());
});
afterEach(async () => {
  await t.close();
});

describe('the start-up line about administrators', () => {
  it('without SMTP_URL names each ADMIN_EMAILS address not yet verified and the command that verifies it', async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com, deputy@example.com' });
    const boss = await signUp(t.app, { email: 'boss@example.com', password: 'in charge!' });

    const before = await t.identity.adminNotice();
    expect(before).toContain('Administrators (ADMIN_EMAILS) count once their address is verified');
    expect(before).toContain('run `npm run verify-email -- EMAIL`');
    expect(before).toMatch(/for boss@example\.com, deputy@example\.com\.$/);
    expect(before).not.toContain('\n');

    await createAccountsRepository({ db: t.database.db }).markEmailVerified({ id: boss.sub });
    expect(await t.identity.adminNotice()).toMatch(/for deputy@example\.com\.$/);
  });

  it('says nothing when no administrator is listed, or when a mail server sends the links', async () => {
    t = await createTestApp();
    expect(await t.identity.adminNotice()).toBeNull();
    await t.close();
    t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com', SMTP_URL: 'smtp://127.0.0.1:1' });
    expect(await t.identity.adminNotice()).toBeNull();
  });
});
