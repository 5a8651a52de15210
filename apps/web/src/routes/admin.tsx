import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices } from '../app/services';
import { aiConfigKey, availabilityOf, getAiConfig } from '../features/assistant/aiAvailability';
import { AdminSetupNotes, TIER_OPTIONS } from '../features/assistant/ProviderSettings';
import { FeedbackManagement } from '../features/admin/feedback/FeedbackManagement';
import { getCurrentTenant } from '../features/tenancy';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Card, MAIN_CONTENT_ID, PageHeader, SkipLink, Spinner, buttonClasses } from '../ui';

/**
 * /admin (protected): what an administrator of this Bree needs to know now — which AI models
 * serve the Fast and Premium tiers and what to set for a tier without a provider. The server tells
 * administrators (verified addresses in ADMIN_EMAILS) apart: only they receive the setup notes
 * and Feedback Management.
 */
export default function AdminRoute() {
  useDocumentTitle('Admin portal');
  const { api } = useServices();
  const query = useQuery({ queryKey: aiConfigKey(getCurrentTenant()), queryFn: () => getAiConfig(api) });
  const ai = availabilityOf(query.data);
  const isAdmin = query.data?.setup !== undefined;
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
        {query.isPending ? (
          <Spinner label="Loading" />
        ) : query.isError ? (
          <PageHeader title="Admin portal" description="This page could not be loaded. Check your connection and try again." />
        ) : !isAdmin ? (
          <PageHeader
            title="Admin portal"
            description="This page is for the administrators of this Bree. The person who runs it can add your verified e-mail address to ADMIN_EMAILS."
          />
        ) : (
          <>
            <PageHeader title="Admin portal" description="How this Bree is set up." />
            <Card className="mt-6">
              <h2 className="font-serif text-lg font-semibold text-ink">AI models</h2>
              <dl className="mt-3 grid gap-3 sm:grid-cols-2">
                {TIER_OPTIONS.map(({ tier, label }) => (
                  <div key={tier} className="rounded-lg border border-line p-3">
                    <dt className="text-sm font-medium text-ink">{label}</dt>
                    <dd className="mt-1 text-sm text-ink-soft">
                      {ai.tiers?.[tier].model} · {ai.tiers?.[tier].available ? 'Ready' : 'Not set up'}
                    </dd>
                  </div>
                ))}
              </dl>
              <AdminSetupNotes ai={ai} />
            </Card>
            <div className="mt-10">
              <FeedbackManagement />
            </div>
          </>
        )}
      </main>
    </div>
  );
}
