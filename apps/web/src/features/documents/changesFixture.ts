import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { FileSummary } from '@bree/contracts';
import { ApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api';
import { documentKeys } from './api';
import { flattenFiles } from './cachePatch';
import type { ListCache } from './cachePatch';
import { file } from './fileFixture';
import { createListChanges } from './listChanges';
import { createChangeQueue } from './changeQueue';
import { applyOverlay, createOverlayStore } from './overlay';
import { createTagGuard } from './tagGuard';

// Test helper only: never imported by the app.

export type Handler = (path: string, body: unknown) => unknown;

/** An API refusal with this status and code. */
export const fail = (status: number, code = 'boom') => new ApiError({ status, code, message: code });

/** The list changes of tenant t1 over a fake API (`handlers` per method) and a cached list of Alpha, Beta, Gamma. */
export function setup(handlers: Partial<Record<'get' | 'post' | 'patch' | 'delete', Handler>>) {
  const calls: string[] = [];
  const call =
    (method: keyof typeof handlers) =>
    async (path: string, ...rest: unknown[]) => {
      calls.push(`${method.toUpperCase()} ${path}`);
      const handler = handlers[method];
      if (!handler) throw fail(404, 'file_not_found');
      return handler(path, method === 'delete' || method === 'get' ? undefined : rest[0]);
    };
  const api = {
    get: call('get'),
    post: call('post'),
    patch: call('patch'),
    delete: call('delete'),
    put: call('post'),
    request: call('get'),
  } as unknown as ApiClient;
  const queryClient = new QueryClient();
  const files = [file('a', 'Alpha.txt'), file('b', 'Beta.txt'), file('c', 'Gamma.txt')];
  const data: ListCache = { pages: [{ items: files, nextCursor: null, hasMore: false }], pageParams: [null] };
  queryClient.setQueryData(documentKeys.list('t1', 'date'), data);
  const overlay = createOverlayStore();
  const notify = { success: vi.fn(() => ''), error: vi.fn(() => '') };
  const ops = createListChanges({
    api,
    queryClient,
    tenantId: 't1',
    overlay,
    queue: createChangeQueue(),
    tagGuard: createTagGuard(),
    notify,
    retry: { sleep: async () => undefined, random: () => 0 },
  });
  const visible = () => applyOverlay(flattenFiles(queryClient.getQueryData<ListCache>(documentKeys.list('t1', 'date'))), overlay.entries(), Date.now());
  return { ops, calls, notify, visible, overlay, files: files as [FileSummary, FileSummary, FileSummary] };
}
