import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { notify } from '../toast';
import { AppErrorBoundary, RouteErrorBoundary } from './AppErrorBoundary';

afterEach(cleanup);

function Boom({ error }: { error: unknown }): never {
  throw error;
}

describe('app error boundary', () => {
  it('shows the message, a reload button and raises an Application Error toast', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toast = vi.spyOn(notify, 'error').mockReturnValue('t1');
    render(
      <AppErrorBoundary>
        <Boom error={new Error('Editor exploded')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Editor exploded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Application' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith('Application Error: Editor exploded');
  });

  it('falls back to a generic message for non-Error throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(notify, 'error').mockReturnValue('t1');
    render(
      <AppErrorBoundary>
        <Boom error={{ weird: true }} />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('An unexpected error occurred.')).toBeTruthy();
  });
});

describe('route error boundary', () => {
  it("shows the error screen for a page's render error and clears it on the next path", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(notify, 'error').mockReturnValue('t1');
    const { rerender } = render(
      <RouteErrorBoundary path="/app/broken">
        <Boom error={new Error('The page broke')} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The page broke')).toBeTruthy();
    // Same path, a working page: the screen stays (only a new path clears it).
    rerender(
      <RouteErrorBoundary path="/app/broken">
        <p>Recovered</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByText('Recovered')).toBeNull();
    rerender(
      <RouteErrorBoundary path="/app">
        <p>Recovered</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Recovered')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
