import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { AuthSessionProvider, useAuthState } from './AuthSession';
import { createLazyUserManager } from './lazyUserManager';
import { storedUserKey } from './storedUser';

const OIDC = { mode: 'embedded', authority: 'https://bree.test/oidc', clientId: 'bree-web', scope: 'openid' } as never;
const KEY = storedUserKey({ authority: 'https://bree.test/oidc', clientId: 'bree-web' });
const user = (token: string) => ({ access_token: token, expires_at: Date.now() / 1000 + 3600, profile: { sub: 'u1', email: 'ada@bree.test' } });

function Shown() {
  const auth = useAuthState();
  return <p>{auth.isLoading ? 'loading' : (auth.user?.access_token ?? 'nobody')}</p>;
}

afterEach(cleanup);

describe('the session provider', () => {
  it('shows the stored user at the first render, then follows the user events', async () => {
    const storage = new Map([[KEY, JSON.stringify(user('stored'))]]);
    const manager = createLazyUserManager({
      oidc: OIDC,
      origin: 'https://bree.test',
      storage: { getItem: (k) => storage.get(k) ?? null },
      create: () => Promise.reject(new Error('oidc-client-ts must not load to show the session')),
    });
    render(
      <AuthSessionProvider userManager={manager}>
        <Shown />
      </AuthSessionProvider>,
    );
    expect(screen.getByText('stored')).toBeTruthy();
    act(() => manager.events.load({ ...user('newer'), expired: false } as never));
    expect(screen.getByText('newer')).toBeTruthy();
    expect(manager.isLoaded()).toBe(false);
  });

  it('shows nobody without a stored user', () => {
    const manager = createLazyUserManager({ oidc: OIDC, origin: 'https://bree.test', storage: { getItem: () => null } });
    render(
      <AuthSessionProvider userManager={manager}>
        <Shown />
      </AuthSessionProvider>,
    );
    expect(screen.getByText('nobody')).toBeTruthy();
  });
});
