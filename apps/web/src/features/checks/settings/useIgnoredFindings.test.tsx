import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider, type Services } from '../../../app/services';
import type { ApiClient } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useIgnoredFindings } from './useIgnoredFindings';

vi.mock('../../../lib/toast', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(cleanup);

/** The hook over a fake API whose POST /checks/ignored answers when the test says. */
function setup(stored: string[]) {
  let answer!: { resolve(ids: string[]): void; reject(error: Error): void };
  const api = {
    get: vi.fn(async () => ({ ignored: stored })),
    post: vi.fn(
      () =>
        new Promise<{ ignored: string[] }>((resolve, reject) => {
          answer = { resolve: (ignored) => resolve({ ignored }), reject };
        }),
    ),
  } as unknown as ApiClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = { api, queryClient } as unknown as Services;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ServicesProvider>
  );
  const hook = renderHook(() => useIgnoredFindings('file-1'), { wrapper });
  return { hook, api, answer: () => answer };
}

describe('useIgnoredFindings', () => {
  it('shows an ignored finding at once and keeps what the server stored', async () => {
    const { hook, api, answer } = setup(['a']);
    await waitFor(() => expect([...hook.result.current.ignored]).toEqual(['a']));
    let done!: Promise<void>;
    act(() => void (done = hook.result.current.ignore('b')));
    await waitFor(() => expect([...hook.result.current.ignored]).toEqual(['a', 'b']));
    expect(api.post).toHaveBeenCalledWith('/checks/ignored', { fileId: 'file-1', findingId: 'b', ignored: true }, expect.anything());
    await act(async () => {
      answer().resolve(['a', 'b']);
      await done;
    });
    await waitFor(() => expect([...hook.result.current.ignored]).toEqual(['a', 'b']));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('brings a finding back when remembering it fails, and says so', async () => {
    const { hook, answer } = setup(['a']);
    await waitFor(() => expect(hook.result.current.ignored.has('a')).toBe(true));
    let done!: Promise<void>;
    act(() => void (done = hook.result.current.unignore('a')));
    await waitFor(() => expect(hook.result.current.ignored.has('a')).toBe(false));
    await act(async () => {
      answer().reject(new Error('offline'));
      await done;
    });
    await waitFor(() => expect([...hook.result.current.ignored]).toEqual(['a']));
    expect(notify.error).toHaveBeenCalledWith('Failed to bring the finding back');
  });
});
