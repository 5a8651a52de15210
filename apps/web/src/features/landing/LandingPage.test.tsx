import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@bree/contracts';
import { PublicSiteProvider } from '../../public/site';
import { startSignIn } from '../../public/signIn';
import { LandingPage } from './LandingPage';

// The sign-in itself loads the app's identity code; here only the page's calls to it matter.
vi.mock('../../public/signIn', () => ({ startSignIn: vi.fn(() => Promise.resolve()) }));

/** The landing page with what it reads: the public config and whether a session is stored. */
function renderLanding({ signedIn, supportEmail, billing = false }: { signedIn: boolean; supportEmail?: string; billing?: boolean }) {
  const signIn = vi.mocked(startSignIn);
  signIn.mockClear();
  const config = { productName: 'Bree', billing: { enabled: billing }, supportEmail, analytics: null } as unknown as PublicConfig;
  render(
    <PublicSiteProvider site={{ config, signedIn }}>
      <LandingPage signedIn={signedIn} />
    </PublicSiteProvider>,
  );
  return { signIn };
}

afterEach(cleanup);

describe('the landing page', () => {
  it('invites a visitor to try it free, through sign-up to /app', () => {
    const { signIn } = renderLanding({ signedIn: false });
    expect(screen.queryByRole('link', { name: 'Continue Writing' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try Bree for free' }));
    expect(signIn).toHaveBeenCalledWith({ signup: true });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenLastCalledWith();
  });

  it('offers a signed-in writer Continue Writing to /app instead', () => {
    renderLanding({ signedIn: true });
    const links = screen.getAllByRole('link', { name: 'Continue Writing' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute('href')).toBe('/app');
    expect(screen.queryByRole('button', { name: 'Try Bree for free' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('offers Pro through sign-up to /subscription only where billing is on', () => {
    const { signIn } = renderLanding({ signedIn: false, billing: true });
    fireEvent.click(screen.getByRole('button', { name: 'Choose Pro' }));
    expect(signIn).toHaveBeenCalledWith({ signup: true, returnTo: '/subscription' });
    cleanup();
    renderLanding({ signedIn: false, billing: false });
    expect(screen.queryByRole('button', { name: 'Choose Pro' })).toBeNull();
  });

  it('with billing off describes a self-hosted Bree: no plan cards, no price anywhere, and the FAQ says what it costs here', () => {
    renderLanding({ signedIn: false, billing: false });
    expect(screen.getByRole('heading', { name: 'Nothing to buy on this server' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Pro' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/\$\d/);
    expect(screen.getByRole('button', { name: 'What does Bree cost here?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'What does the free plan include?' })).toBeNull();
    cleanup();
    renderLanding({ signedIn: false, billing: true });
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeTruthy();
    expect(document.body.textContent).toContain('$20.00');
    expect(screen.getByRole('button', { name: 'What does the free plan include?' })).toBeTruthy();
  });

  it('shows the configured support address in the footer, and no Support link without one', () => {
    renderLanding({ signedIn: false, supportEmail: 'help@bree.example' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Support: help@bree.example' }).getAttribute('href')).toBe('mailto:help@bree.example');
    cleanup();
    renderLanding({ signedIn: false });
    expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: /Support/ })).toBeNull();
  });
});
