import { useEffect } from 'react';
import { AppFrame } from '../app/AppFrame';
import { preloadEditor } from '../app/router';
import { DocumentsPage } from '../features/documents';
import { getCurrentTenant } from '../features/tenancy';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** /app: the document list (repository view) under the app header. /app/:fileId is routes/editor. */
export default function AppRoute() {
  const tenantId = getCurrentTenant();
  useDocumentTitle('Documents');
  // Opening a document is what the list is for: once the list has shown and the page is idle, the
  // editor's route is fetched, so a click on a document renders it at once and only waits for its
  // text (bench/click-to-caret.bench.ts). The editor page's own first load is unchanged.
  useEffect(() => {
    const warm = () => void preloadEditor().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(warm, 500);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(warm, { timeout: 500 });
    return () => window.cancelIdleCallback(handle);
  }, []);

  return (
    <AppFrame>
      {/* Keyed by tenant: another account's list must not inherit this one's state. */}
      <DocumentsPage key={tenantId} tenantId={tenantId} />
    </AppFrame>
  );
}
