import { AppFrame } from '../app/AppFrame';
import { DocumentsPage } from '../features/documents';
import { getCurrentTenant } from '../features/tenancy';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** /app: the document list (repository view) under the app header. /app/:fileId is routes/editor. */
export default function AppRoute() {
  const tenantId = getCurrentTenant();
  useDocumentTitle('Documents');

  return (
    <AppFrame>
      {/* Keyed by tenant: another account's list must not inherit this one's state. */}
      <DocumentsPage key={tenantId} tenantId={tenantId} />
    </AppFrame>
  );
}
