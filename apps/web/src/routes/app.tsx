import { Link, useParams } from 'react-router';
import { useServices } from '../app/services';
import { ProfileMenu } from '../features/auth';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Card, PageHeader } from '../ui';

/** /app and /app/:fileId (placeholder): header with the profile popover, the Documents page. */
export default function AppRoute() {
  const { config } = useServices();
  const { fileId } = useParams();
  useDocumentTitle('Documents');

  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <header className="sticky top-0 z-30 border-b border-line bg-cream">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/app" className="rounded-sm font-serif text-lg font-semibold tracking-tight text-ink">
            {config.productName}
          </Link>
          <ProfileMenu />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        <PageHeader
          title="Documents"
          description="Your document list arrives with the documents issue: create, import, search and tag your writing here."
        />
        {fileId && (
          <Card className="mt-6">
            <h2 className="font-serif text-lg font-semibold text-ink">Document {fileId}</h2>
            <p className="mt-1 text-sm text-muted">The editor for this document arrives with the editor issue.</p>
          </Card>
        )}
      </main>
    </div>
  );
}
