import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { ACCOUNT_DELETED_PATH, deletionProblem, finishDeletion, typedEmailMatches } from './deleteAccount';

describe('deleting the account in the browser', () => {
  it('takes the typed address as the server does: case and surrounding spaces do not matter', () => {
    expect(typedEmailMatches(' Writer@Example.COM ', 'writer@example.com')).toBe(true);
    expect(typedEmailMatches('writer@example.co', 'writer@example.com')).toBe(false);
    expect(typedEmailMatches('', undefined)).toBe(false);
  });

  it('puts each refusal under the field it is about', () => {
    const error = (code: string, status = 400) => new ApiError({ status, code, message: 'server words' });
    expect(deletionProblem(error('delete_email_mismatch'))).toEqual({ field: 'email', message: 'This is not the e-mail address of your account.' });
    expect(deletionProblem(error('delete_password_incorrect'))).toEqual({ field: 'password', message: 'That password is not right.' });
    expect(deletionProblem(error('rate_limited', 429))).toMatchObject({ field: 'form', message: expect.stringContaining('Too many attempts') });
    expect(deletionProblem(new Error('offline'))).toMatchObject({ field: 'form', message: expect.stringContaining('could not be deleted') });
  });

  it('forgets this browser’s copies, then signs out here only, to the start page with its notice', async () => {
    const order: string[] = [];
    await finishDeletion({
      tenantId: 'T1',
      clearOfflineCopies: async (tenantId) => void order.push(`offline ${tenantId}`),
      clearQueries: () => void order.push('queries'),
      signOut: vi.fn(async (options) => void order.push(`sign out ${JSON.stringify(options)}`)),
    });
    expect(order).toEqual(['offline T1', 'queries', `sign out ${JSON.stringify({ localOnly: true, to: ACCOUNT_DELETED_PATH })}`]);
  });

  it('signs out even when the offline copies cannot be cleared', async () => {
    const signOut = vi.fn(async () => undefined);
    await finishDeletion({ tenantId: 'T1', clearOfflineCopies: () => Promise.reject(new Error('blocked')), clearQueries: () => undefined, signOut });
    expect(signOut).toHaveBeenCalledOnce();
  });
});
