import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazyWithRetry } from './lazyWithRetry';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyWithRetry', () => {
  it('shows a loading state, then the component', async () => {
    const Lazy = lazyWithRetry(async () => ({ default: Hello }), 'Greeting');
    render(<Lazy name="Ada" />);
    expect(screen.getByRole('status', { name: 'Loading Bree' })).toBeTruthy();
    expect(await screen.findByText('Hello Ada')).toBeTruthy();
  });

  it('renders a preloaded component in the same render, without the loading state', async () => {
    const Lazy = lazyWithRetry(async () => ({ default: Hello }), 'Greeting');
    await Lazy.preload();
    render(<Lazy name="Di" />);
    expect(screen.getByText('Hello Di')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading Bree' })).toBeNull();
  });

  it('recovers from a transient chunk failure without showing an error', async () => {
    const load = vi.fn<() => Promise<{ default: typeof Hello }>>().mockRejectedValueOnce(new Error('network')).mockResolvedValue({ default: Hello });
    const Lazy = lazyWithRetry(load, 'Greeting');
    render(<Lazy name="Bo" />);
    expect(await screen.findByText('Hello Bo')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('after 3 failed tries shows the error box; Retry counts up to Max retries reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(async (): Promise<{ default: typeof Hello }> => {
      throw new Error('chunk gone');
    });
    const Lazy = lazyWithRetry(load, 'Editor');
    render(<Lazy name="x" />);
    expect(await screen.findByText('Failed to load Editor', {}, { timeout: 2000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(/Retry attempt/)).toBeNull();

    for (let n = 1; n <= 3; n++) {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText(`Retry attempt: ${n}/3`, {}, { timeout: 2000 })).toBeTruthy();
    }
    expect(load).toHaveBeenCalledTimes(12);
    expect(screen.getByText('Max retries reached')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads the component when a manual retry succeeds', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const Lazy = lazyWithRetry(async () => {
      if (fail) throw new Error('offline');
      return { default: Hello };
    }, 'Greeting');
    render(<Lazy name="Cy" />);
    await screen.findByText('Failed to load Greeting', {}, { timeout: 2000 });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Cy')).toBeTruthy();
  });
});
