import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { AuthSessionContext } from './AuthSession';
import type { AuthState } from './AuthSession';
import { TestRouter } from '../../app/testRouter';
import type { SessionUser } from './storedUser';
import { ServicesProvider } from '../../app/services';
import type { Services } from '../../app/services';
import { RequireAuth } from './RequireAuth';
import { avatarLetter } from './ProfileMenu';

function renderGuard(auth: Partial<AuthState>, path = '/app/01HABC?tab=x') {
  const tokens = { signIn: vi.fn(async () => undefined), getAccessToken: vi.fn(async () => null) };
  const services = { tokens, config: { productName: 'Bree' } } as unknown as Services;
  render(
    <ServicesProvider services={services}>
      <AuthSessionContext.Provider value={{ isLoading: false, user: null, error: undefined, ...auth }}>
        <TestRouter path={path}>
          <RequireAuth>
            <p>Secret documents</p>
          </RequireAuth>
        </TestRouter>
      </AuthSessionContext.Provider>
    </ServicesProvider>,
  );
  return tokens;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('protected route wrapper', () => {
  it('sends an anonymous visitor to sign in, returning to the wanted path', () => {
    const tokens = renderGuard({ user: null });
    expect(screen.queryByText('Secret documents')).toBeNull();
    expect(tokens.signIn).toHaveBeenCalledTimes(1);
    expect(tokens.signIn).toHaveBeenCalledWith({ returnTo: '/app/01HABC?tab=x' });
  });

  it('renders the page for a signed-in user', () => {
    const user = { expired: false, access_token: 't', profile: { sub: 's' } } as SessionUser;
    const tokens = renderGuard({ user });
    expect(screen.getByText('Secret documents')).toBeTruthy();
    expect(tokens.signIn).not.toHaveBeenCalled();
  });

  it('tries a refresh for a lapsed token before sending the user to sign in', async () => {
    const user = { expired: true, access_token: 'old', refresh_token: 'rt', profile: { sub: 's' } } as SessionUser;
    const tokens = renderGuard({ user });
    expect(screen.getByRole('status', { name: 'Loading Bree' })).toBeTruthy();
    expect(tokens.getAccessToken).toHaveBeenCalled();
    await vi.waitFor(() => expect(tokens.signIn).toHaveBeenCalledWith({ returnTo: '/app/01HABC?tab=x' }));
  });

  it('shows the loading text while the session loads', () => {
    renderGuard({ isLoading: true });
    expect(screen.getByRole('status', { name: 'Loading Bree' })).toBeTruthy();
  });

  it('on an auth error redirects to sign-in once, after 250 ms', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = Object.assign(new Error('boom'), { source: 'signinCallback' as const });
    const tokens = renderGuard({ error });
    expect(screen.getByText('Authentication error. Please try again.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(249));
    expect(tokens.signIn).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(tokens.signIn).toHaveBeenCalledTimes(1);
    cleanup();
    const again = renderGuard({ error });
    act(() => vi.advanceTimersByTime(1000));
    expect(again.signIn).not.toHaveBeenCalled();
  });
});

describe('avatar letter', () => {
  it('uses the name, else the e-mail, else ?', () => {
    expect(avatarLetter('ada', 'x@y.z')).toBe('A');
    expect(avatarLetter(undefined, 'bo@y.z')).toBe('B');
    expect(avatarLetter(' ', '')).toBe('?');
  });
});
