import { describe, expect, it } from 'vitest';
import { hasUsableToken, readStoredUser, storedUserKey } from './storedUser';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const KEY = storedUserKey({ authority: 'https://bree.test/oidc', clientId: 'bree-web' });

function storageWith(value: string | null) {
  return { getItem: (key: string) => (key === KEY ? value : null) };
}

/** What oidc-client-ts's User.toStorageString() writes. */
function stored(fields: Record<string, unknown>) {
  return JSON.stringify({
    id_token: 'idt',
    access_token: 'at',
    refresh_token: 'rt',
    token_type: 'Bearer',
    scope: 'openid',
    profile: { sub: 'u1', email: 'a@b.c' },
    ...fields,
  });
}

describe('the stored user', () => {
  it("is kept under oidc-client-ts's key for the configured authority and client", () => {
    expect(KEY).toBe('oidc.user:https://bree.test/oidc:bree-web');
  });

  it('is read with its tokens, claims and expiry, without the library', () => {
    const user = readStoredUser(storageWith(stored({ expires_at: NOW / 1000 + 600 })), KEY, NOW);
    expect(user).toEqual({
      access_token: 'at',
      refresh_token: 'rt',
      id_token: 'idt',
      token_type: 'Bearer',
      scope: 'openid',
      expires_at: NOW / 1000 + 600,
      profile: { sub: 'u1', email: 'a@b.c' },
      expired: false,
    });
  });

  it('counts as expired from its expiry second on, as oidc-client-ts does', () => {
    expect(readStoredUser(storageWith(stored({ expires_at: NOW / 1000 + 1 })), KEY, NOW)?.expired).toBe(false);
    expect(readStoredUser(storageWith(stored({ expires_at: NOW / 1000 })), KEY, NOW)?.expired).toBe(true);
    expect(readStoredUser(storageWith(stored({ expires_at: undefined })), KEY, NOW)?.expired).toBeUndefined();
  });

  it('is no user when missing, damaged, or without an access token or subject', () => {
    expect(readStoredUser(storageWith(null), KEY, NOW)).toBeNull();
    expect(readStoredUser(storageWith('{not json'), KEY, NOW)).toBeNull();
    expect(readStoredUser(storageWith('"text"'), KEY, NOW)).toBeNull();
    expect(readStoredUser(storageWith(stored({ access_token: '' })), KEY, NOW)).toBeNull();
    expect(readStoredUser(storageWith(stored({ profile: { email: 'a@b.c' } })), KEY, NOW)).toBeNull();
  });

  it("ignores another issuer's or client's entry", () => {
    const other = { getItem: (key: string) => (key === 'oidc.user:https://other/oidc:bree-web' ? stored({}) : null) };
    expect(readStoredUser(other, KEY, NOW)).toBeNull();
  });
});

describe('whether the stored token can be used as it is', () => {
  it('is so with more than the 2-minute margin left', () => {
    expect(hasUsableToken({ access_token: 'at', expires_at: (NOW + 121_000) / 1000 }, NOW)).toBe(true);
    expect(hasUsableToken({ access_token: 'at', expires_at: (NOW + 119_000) / 1000 }, NOW)).toBe(false);
    expect(hasUsableToken({ access_token: 'at', expires_at: (NOW - 1000) / 1000 }, NOW)).toBe(false);
  });

  it('is not without a user', () => {
    expect(hasUsableToken(null, NOW)).toBe(false);
  });
});
