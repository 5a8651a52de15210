import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../app/testRouter';
import { AdminShell } from './AdminShell';

/** Makes `(max-width: 767px)` match, as on a phone, or not. */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? px <= Number(max[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

function renderShell() {
  render(
    <TestRouter path="/admin">
      <AdminShell tenantId="tenant-123">
        <Switch>
          <Route path="/admin">
            <h1>Dashboard page</h1>
          </Route>
          <Route path="/admin/metrics">
            <h1>Metrics page</h1>
          </Route>
        </Switch>
      </AdminShell>
    </TestRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the admin portal shell', () => {
  describe('on a wide screen', () => {
    beforeEach(() => screenWidth(1100));

    it('shows the six sections, the tip and the tenant id in the sidebar, with no menu button', () => {
      renderShell();
      const nav = screen.getByRole('navigation', { name: 'Admin sections' });
      expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
        'Dashboard',
        'User Usage',
        'Publishing',
        'User Metrics',
        'Feedback',
        'Audit log',
      ]);
      expect(screen.getByText('tenant-123')).toBeTruthy();
      expect(screen.getByText('Tip:')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to app' }).getAttribute('href')).toBe('/app');
    });
  });

  describe('at 767 px or less', () => {
    beforeEach(() => screenWidth(767));

    it('hides the sidebar behind a menu button; the drawer closes with its close button and with Escape', () => {
      renderShell();
      expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(screen.getByRole('dialog', { name: 'Admin portal' })).toBeTruthy();
      expect(screen.getByText('tenant-123')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
      expect(screen.queryByRole('dialog')).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('closes the drawer when an entry is chosen, and shows that section', () => {
      renderShell();
      fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      fireEvent.click(screen.getByRole('link', { name: 'User Metrics' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Metrics page' })).toBeTruthy();
    });
  });
});
