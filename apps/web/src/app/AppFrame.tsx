import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ProfileMenu } from '../features/auth';
import { BillingBanner } from '../features/billing';
import { MAIN_CONTENT_ID, SkipLink } from '../ui';
import { useServices } from './services';

// Its own chunk: the usage notices stay out of the editor's first load (the bundle budgets of vite.config.ts).
const UsageNotice = lazy(() => import('../features/billing/UsageNotice').then((module) => ({ default: module.UsageNotice })));

/** The signed-in pages outside the editor (/app, /app/trash): the billing banner, the cream header with the brand and the profile menu. */
export function AppFrame({ children }: { children: ReactNode }) {
  const { config } = useServices();
  return (
    <div className="flex min-h-dvh flex-col bg-paper">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <BillingBanner />
      <Suspense fallback={null}>
        <UsageNotice />
      </Suspense>
      <header className="sticky top-0 z-30 border-b border-line bg-cream">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/app" className="rounded-sm font-serif text-lg font-semibold tracking-tight text-ink">
            {config.productName}
          </Link>
          <ProfileMenu />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
