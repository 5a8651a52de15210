import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Card, MAIN_CONTENT_ID, PageHeader, SkipLink, buttonClasses } from '../ui';

const AREAS = ['Dashboard', 'User Usage', 'Publishing', 'User Metrics', 'Feedback'];

/** /admin (protected): the admin portal's areas, none of them usable yet. */
export default function AdminRoute() {
  useDocumentTitle('Admin portal');
  return (
    <div className="min-h-dvh bg-paper">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <header className="border-b border-line bg-cream">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4 sm:px-6">
          <p className="font-serif text-lg font-semibold text-ink">Admin portal</p>
          <Link to="/app" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Back to app
          </Link>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-5xl px-4 py-8 focus:outline-none sm:px-6">
        <PageHeader title="Admin portal" description="The admin tools below are not available yet." />
        <Card className="mt-6">
          <ul className="grid gap-2 text-ink-soft sm:grid-cols-2">
            {AREAS.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </Card>
      </main>
    </div>
  );
}
