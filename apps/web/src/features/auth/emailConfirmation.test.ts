import { describe, expect, it } from 'vitest';
import { emailConfirmationLink } from './emailConfirmation';

const URL = 'https://bree.test/interaction/verify-email/resend';
const token = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('the profile menu’s email confirmation link', () => {
  it('is offered while the access token says the address is unconfirmed and the server mails links', () => {
    expect(emailConfirmationLink({ accessToken: token({ sub: 's', email_verified: false }), url: URL })).toBe(URL);
  });

  it('stays hidden for a confirmed address, a token without the claim, a server without mail, or no token', () => {
    expect(emailConfirmationLink({ accessToken: token({ sub: 's', email_verified: true }), url: URL })).toBeNull();
    expect(emailConfirmationLink({ accessToken: token({ sub: 's' }), url: URL })).toBeNull();
    expect(emailConfirmationLink({ accessToken: token({ sub: 's', email_verified: false }), url: undefined })).toBeNull();
    expect(emailConfirmationLink({ accessToken: undefined, url: URL })).toBeNull();
    expect(emailConfirmationLink({ accessToken: 'opaque', url: URL })).toBeNull();
  });
});
