import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { writeOptimistically } from './optimistic';

const KEY = ['checks', 'settings', 'tenant-a'];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('writeOptimistically', () => {
  it('shows the new value at once, then what the server answered', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, { threshold: 35 });
    const write = deferred<{ threshold: number }>();
    const onFailure = vi.fn();
    const next = { threshold: 20 };
    const done = writeOptimistically({ queryClient, queryKey: KEY, next, write: () => write.promise, onFailure });
    await vi.waitFor(() => expect(queryClient.getQueryData(KEY)).toEqual(next));
    write.resolve({ threshold: 21 });
    await done;
    expect(queryClient.getQueryData(KEY)).toEqual({ threshold: 21 });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('puts the old value back and tells the author when the write fails', async () => {
    const queryClient = new QueryClient();
    const before = { threshold: 35 };
    queryClient.setQueryData(KEY, before);
    const onFailure = vi.fn();
    await writeOptimistically({ queryClient, queryKey: KEY, next: { threshold: 20 }, write: () => Promise.reject(new Error('offline')), onFailure });
    expect(queryClient.getQueryData(KEY)).toEqual(before);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('leaves a later change in place when an earlier write fails', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, { threshold: 35 });
    const first = deferred<{ threshold: number }>();
    const onFailure = vi.fn();
    const one = writeOptimistically({ queryClient, queryKey: KEY, next: { threshold: 20 }, write: () => first.promise, onFailure });
    await vi.waitFor(() => expect(queryClient.getQueryData(KEY)).toEqual({ threshold: 20 }));
    const later = { threshold: 50 };
    await writeOptimistically({ queryClient, queryKey: KEY, next: later, write: async () => later, onFailure });
    first.reject(new Error('offline'));
    await one;
    expect(queryClient.getQueryData(KEY)).toEqual(later);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
