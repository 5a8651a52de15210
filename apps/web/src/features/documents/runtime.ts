import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import { createListChanges } from './listChanges';
import type { ListChanges } from './listChanges';
import { createChangeQueue } from './changeQueue';
import { createOverlayStore } from './overlay';
import type { OverlayStore } from './overlay';
import { createTagGuard } from './tagGuard';

export interface DocumentsRuntime {
  overlay: OverlayStore;
  changes: ListChanges;
}

// App-wide: at most 4 list changes in flight whichever tenant or screen started them.
const queue = createChangeQueue();
const tagGuard = createTagGuard();
const runtimes = new Map<string, DocumentsRuntime>();

/**
 * The overlay and list changes of a tenant. They outlive the list component, so a delete started
 * before opening a document still shields and settles when the user comes back.
 */
export function documentsRuntime({ tenantId, api, queryClient }: { tenantId: string; api: ApiClient; queryClient: QueryClient }): DocumentsRuntime {
  let runtime = runtimes.get(tenantId);
  if (!runtime) {
    const overlay = createOverlayStore();
    runtime = { overlay, changes: createListChanges({ api, queryClient, tenantId, overlay, queue, tagGuard, notify }) };
    runtimes.set(tenantId, runtime);
  }
  return runtime;
}
