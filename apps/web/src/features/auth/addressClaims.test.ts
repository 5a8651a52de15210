import { describe, expect, it } from 'vitest';
import { addressOf, isStoredUserKey, isUnconfirmed } from './addressClaims';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('the address an access token names', () => {
  it('changes when the address is confirmed or replaced, and is null without one', () => {
    const before = addressOf(token({ email: 'a@example.com', email_verified: false }));
    const confirmed = addressOf(token({ email: 'a@example.com', email_verified: true }));
    const moved = addressOf(token({ email: 'b@example.com', email_verified: true }));
    expect(new Set([before, confirmed, moved]).size).toBe(3);
    expect(addressOf(token({ sub: 'x' }))).toBeNull();
    expect(addressOf(undefined)).toBeNull();
    expect(addressOf('not a token')).toBeNull();
  });

  it('is unconfirmed only when the token says so', () => {
    expect(isUnconfirmed(token({ email: 'a@example.com', email_verified: false }))).toBe(true);
    expect(isUnconfirmed(token({ email: 'a@example.com', email_verified: true }))).toBe(false);
    expect(isUnconfirmed(token({ email: 'a@example.com' }))).toBe(false);
  });

  it("recognises oidc-client-ts's stored user key only", () => {
    expect(isStoredUserKey('oidc.user:http://localhost/oidc:bree-web')).toBe(true);
    expect(isStoredUserKey('bree.auth.signedOut')).toBe(false);
    expect(isStoredUserKey(null)).toBe(false);
  });
});
