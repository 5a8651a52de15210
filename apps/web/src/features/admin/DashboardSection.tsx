import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { aiConfigKey, availabilityOf, getAiConfig } from '../assistant/aiAvailability';
import { AdminSetupNotes, TIER_OPTIONS } from '../assistant/ProviderSettings';
import { getCurrentTenant } from '../tenancy';
import { AiSwitchCard } from './AiSwitchCard';
import { Card, PageHeader, Spinner } from '../../ui';

/** The Dashboard: a welcome, which AI models serve each tier with what to set for a tier without a provider, and the AI switch. */
export function DashboardSection() {
  const { api, config } = useServices();
  const query = useQuery({ queryKey: aiConfigKey(getCurrentTenant()), queryFn: () => getAiConfig(api) });
  const ai = availabilityOf(query.data);
  return (
    <section aria-label="Dashboard">
      <PageHeader
        title={`Welcome to the ${config.productName} admin portal`}
        description="See how writers use this server, publish posts to the blog and updates pages, and read what writers tell you."
      />
      <Card className="mt-6">
        <h2 className="font-serif text-lg font-semibold text-ink">AI models</h2>
        {query.isPending ? (
          <Spinner label="Loading" className="mt-3" />
        ) : query.isError ? (
          <p className="mt-3 text-sm text-muted">The AI setup could not be loaded. Check your connection and try again.</p>
        ) : (
          <>
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
          </>
        )}
      </Card>
      <AiSwitchCard />
    </section>
  );
}
