import { beforeEach, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import { createAccountsRepository } from './accounts.repository';
import { createAccountsService, hashPassword, normalizeEmail, verifyPassword } from './accounts.service';

describe('password hashing', () => {
  it('is self-describing, salted, and verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');

    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse battery ', a)).toBe(false);
  });

  it('rejects malformed or absurd stored hashes instead of throwing', async () => {
    const good = await hashPassword('pw123456');
    const [, , r, p, salt, hash] = good.split('$');
    for (const stored of [
      '',
      'plain',
      `bcrypt$1$${r}$${p}$${salt}$${hash}`,
      `scrypt$1000$${r}$${p}$${salt}$${hash}`,
      `scrypt$${2 ** 30}$${r}$${p}$${salt}$${hash}`,
      `scrypt$32768$${r}$${p}$$${hash}`,
    ]) {
      expect(await verifyPassword('pw123456', stored), stored).toBe(false);
    }
  });

  it('normalizes emails by trimming and lowercasing', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});

describe('accounts', () => {
  const service = async () => {
    const database = await getTestDatabase();
    return createAccountsService({ repository: createAccountsRepository({ db: database.db }) });
  };

  beforeEach(async () => {
    await resetDatabase(await getTestDatabase());
  });

  it('register names the first broken rule', async () => {
    const accounts = await service();
    expect(await accounts.register({ email: 'nope', password: 'long enough' })).toEqual({ ok: false, reason: 'invalid_email' });
    expect(await accounts.register({ email: 'a@b.co', password: 'short' })).toEqual({ ok: false, reason: 'password_too_short' });
    expect(await accounts.register({ email: 'a@b.co', password: 'x'.repeat(1025) })).toEqual({ ok: false, reason: 'password_too_long' });
    expect(await accounts.register({ email: 'a@b.co', password: 'long enough', name: 'n'.repeat(101) })).toEqual({ ok: false, reason: 'name_too_long' });
  });

  it('register then authenticate; a blank name is stored as none', async () => {
    const accounts = await service();
    const created = await accounts.register({ email: 'Pat@Example.com', password: 'long enough', name: '   ' });
    expect(created.ok && created.user.name).toBe(null);

    expect((await accounts.authenticate({ email: 'pat@example.com ', password: 'long enough' }))?.email).toBe('pat@example.com');
    expect(await accounts.authenticate({ email: 'pat@example.com', password: 'long enougH' })).toBe(null);
    expect(await accounts.authenticate({ email: 'who@example.com', password: 'long enough' })).toBe(null);
    expect(await accounts.authenticate({ email: '', password: '' })).toBe(null);
  });

  it('a pending sign-up signs in only once its address is confirmed, and a taken address keeps its password', async () => {
    const database = await getTestDatabase();
    const repository = createAccountsRepository({ db: database.db });
    const accounts = createAccountsService({ repository });
    const created = await accounts.register({ email: 'wait@example.com', password: 'long enough', pending: true });
    expect(await accounts.authenticate({ email: 'wait@example.com', password: 'long enough' })).toBe(null);

    expect(await accounts.register({ email: 'Wait@example.com', password: 'another one', pending: true })).toEqual({ ok: false, reason: 'email_taken' });
    // What the mailed link and `npm run verify-email` do.
    expect(await repository.markEmailVerified({ id: created.ok ? created.user.id : '' })).toBe(true);
    expect((await accounts.authenticate({ email: 'wait@example.com', password: 'long enough' }))?.emailVerified).toBe(true);
    expect(await accounts.authenticate({ email: 'wait@example.com', password: 'another one' })).toBe(null);
    // Confirming again leaves a usable password as it is.
    expect(await repository.markEmailVerified({ id: created.ok ? created.user.id : '' })).toBe(true);
    expect(await accounts.authenticate({ email: 'wait@example.com', password: 'long enough' })).not.toBe(null);
  });

  it('two sign-ups racing for one email create one account', async () => {
    const accounts = await service();
    const results = await Promise.all([
      accounts.register({ email: 'race@example.com', password: 'long enough' }),
      accounts.register({ email: 'race@example.com', password: 'long enough' }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'email_taken' });
  });
});
