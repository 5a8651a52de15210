import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { notify } from '../toast';
import { AppErrorBoundary } from './AppErrorBoundary';

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
