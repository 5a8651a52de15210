import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContext } from './identity.types';
import { withVerificationCache } from './verifier-cache';

const secret = new TextEncoder().encode('test-secret-for-shape-only-0123456789');
const ctx: AuthContext = { sub: 's', tenantId: 's', email: undefined, emailVerified: false, name: undefined, scopes: [], isAdmin: false };
const tokenExpiringAt = (expSeconds: number, sub = 's') => new SignJWT({ sub }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(expSeconds).sign(secret);

describe('verified-token cache', () => {
  it('verifies a token once while it is valid', async () => {
    const inner = { verify: vi.fn(async () => ctx) };
    let clock = 1_000_000_000_000;
    const cached = withVerificationCache(inner, { now: () => clock });
    const token = await tokenExpiringAt(clock / 1000 + 60);
    expect(await cached.verify(token)).toBe(ctx);
    expect(await cached.verify(token)).toBe(ctx);
    expect(inner.verify).toHaveBeenCalledTimes(1);
    clock += 61_000; // past exp: verified again (and the inner verifier will refuse it)
    inner.verify.mockRejectedValueOnce(new Error('expired'));
    await expect(cached.verify(token)).rejects.toThrow('expired');
  });

  it('never caches a failure', async () => {
    const inner = { verify: vi.fn().mockRejectedValueOnce(new Error('bad')).mockResolvedValueOnce(ctx) };
    const cached = withVerificationCache(inner);
    const token = await tokenExpiringAt(Math.floor(Date.now() / 1000) + 60);
    await expect(cached.verify(token)).rejects.toThrow('bad');
    expect(await cached.verify(token)).toBe(ctx);
  });

  it('stays bounded', async () => {
    const inner = { verify: vi.fn(async () => ctx) };
    const cached = withVerificationCache(inner, { maxEntries: 2 });
    const exp = Math.floor(Date.now() / 1000) + 60;
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((s) => tokenExpiringAt(exp, s)));
    for (const t of [a!, b!, c!, a!]) await cached.verify(t);
    expect(inner.verify).toHaveBeenCalledTimes(4); // a was evicted by c, so verified again
  });

  it('asks the revocation check on every use, cached or not, and forgets a revoked token', async () => {
    const inner = { verify: vi.fn(async () => ctx) };
    let revoked = false;
    const revocation = { isRevoked: vi.fn(async () => revoked) };
    const cached = withVerificationCache(inner, { revocation });
    const token = await new SignJWT({ sub: 's', gid: 'g' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(1_700_000_000)
      .setExpirationTime('1m')
      .sign(secret);
    expect(await cached.verify(token)).toBe(ctx);
    expect(await cached.verify(token)).toBe(ctx);
    expect(revocation.isRevoked).toHaveBeenLastCalledWith({ sub: 's', issuedAt: 1_700_000_000, grantId: 'g' });
    expect(revocation.isRevoked).toHaveBeenCalledTimes(2);
    revoked = true;
    await expect(cached.verify(token)).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(inner.verify).toHaveBeenCalledTimes(1);
  });
});
