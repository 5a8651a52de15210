import { AppFrame } from '../app/AppFrame';
import { TrashPage } from '../features/documents';
import { getCurrentTenant } from '../features/tenancy';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** /app/trash: deleted documents, restorable for 30 days (docs/TRASH.md). File ids are ULIDs, so 'trash' is never one. */
export default function TrashRoute() {
  const tenantId = getCurrentTenant();
  useDocumentTitle('Trash');

  return (
    <AppFrame>
      <TrashPage key={tenantId} tenantId={tenantId} />
    </AppFrame>
  );
}
