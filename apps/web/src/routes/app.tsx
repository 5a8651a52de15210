import { Link, useParams } from 'react-router';
import { useServices } from '../app/services';
import { ProfileMenu } from '../features/auth';
import { DocumentsPage } from '../features/documents';
import { getCurrentTenant } from '../features/tenancy';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { buttonClasses, Card } from '../ui';

/** /app/:fileId until the editor lands: says so and leads back to the list. */
function EditorPlaceholder({ fileId }: { fileId: string }) {
  return (
    <Card className="mx-auto max-w-2xl">
      <h1 className="font-serif text-2xl font-semibold tracking-tight text-ink">Document</h1>
      <p className="mt-2 text-muted">The editor for this document arrives with the editor issue.</p>
      <p className="mt-1 text-xs break-all text-muted">{fileId}</p>
      <Link to="/app" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
        <span aria-hidden="true">←</span> Back to documents
      </Link>
    </Card>
  );
}

/** /app (the document list) and /app/:fileId (the editor placeholder), under the app header. */
export default function AppRoute() {
  const { config } = useServices();
  const { fileId } = useParams();
  const tenantId = getCurrentTenant();
  useDocumentTitle(fileId ? 'Document' : 'Documents');

  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="sticky top-0 z-30 border-b border-line bg-cream">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/app" className="rounded-sm font-serif text-lg font-semibold tracking-tight text-ink">
            {config.productName}
          </Link>
          <ProfileMenu />
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {/* Keyed by tenant: another account's list must not inherit this one's state. */}
        {fileId ? <EditorPlaceholder fileId={fileId} /> : <DocumentsPage key={tenantId} tenantId={tenantId} />}
      </main>
    </div>
  );
}
