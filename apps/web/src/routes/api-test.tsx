import { useState } from 'react';
import { healthSchema } from '@bree/contracts';
import { useServices } from '../app/services';
import { fetchTenantStatus, getCurrentTenant, setCurrentTenant } from '../features/tenancy';
import { useAuthState } from '../features/auth';
import { readFeatureFlags, writeFeatureFlag } from '../lib/featureFlags';
import type { FeatureFlags } from '../lib/featureFlags';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ConversionTimer } from '../features/import';
import { Button, Card, Input, PageHeader } from '../ui';

const FLAG_LABELS: Record<keyof FeatureFlags, string> = {
  newFileApi: 'New file API',
  newSearchApi: 'New search API',
  emergencyRollback: 'Emergency rollback',
};

/** /api-test (localhost only): tenant switching, feature-flag toggles, quick API checks. */
export default function ApiTestRoute() {
  const { api } = useServices();
  const auth = useAuthState();
  const [tenant, setTenant] = useState(getCurrentTenant);
  const [draft, setDraft] = useState(tenant);
  const [flags, setFlags] = useState(readFeatureFlags);
  const [output, setOutput] = useState<string>('');
  useDocumentTitle('API test');

  const run = async (label: string, call: () => Promise<unknown>) => {
    try {
      setOutput(`${label}:\n${JSON.stringify(await call(), null, 2)}`);
    } catch (error) {
      setOutput(`${label} failed:\n${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  };

  const switchTenant = (next: string) => {
    setCurrentTenant(next);
    setTenant(next);
    setDraft(next);
  };

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader title="API test" description="Internal page for development: tenant switching, feature flags and quick API calls." />

      <Card>
        <h2 className="font-serif text-lg font-semibold text-ink">Tenant</h2>
        <p className="mt-1 text-sm text-muted">
          Current tenant:{' '}
          <code data-testid="current-tenant" className="rounded bg-cream-deep px-1.5 py-0.5 text-ink">
            {tenant}
          </code>
        </p>
        <form
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim()) switchTenant(draft.trim());
          }}
        >
          <div className="flex-1">
            <Input label="Tenant id" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </div>
          <Button type="submit">Switch tenant</Button>
          {auth.user && (
            <Button variant="secondary" onClick={() => switchTenant(auth.user?.profile.sub ?? tenant)}>
              Use my account
            </Button>
          )}
        </form>
      </Card>

      <Card>
        <h2 className="font-serif text-lg font-semibold text-ink">Feature flags</h2>
        <ul className="mt-3 divide-y divide-line">
          {(Object.keys(FLAG_LABELS) as Array<keyof FeatureFlags>).map((key) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3">
              <span id={`flag-${key}`} className="text-ink">
                {FLAG_LABELS[key]}
              </span>
              <button
                type="button"
                role="switch"
                aria-checked={flags[key]}
                aria-labelledby={`flag-${key}`}
                onClick={() => setFlags(writeFeatureFlag(key, !flags[key]))}
                className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${flags[key] ? 'bg-accent' : 'bg-line-strong'}`}
              >
                <span
                  aria-hidden="true"
                  className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${flags[key] ? 'translate-x-5' : ''}`}
                />
              </button>
            </li>
          ))}
        </ul>
      </Card>

      <Card>
        <h2 className="font-serif text-lg font-semibold text-ink">Calls</h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void run('GET /api/health', () => api.get('/health', { auth: false, schema: healthSchema }))}>
            Check health
          </Button>
          <Button variant="secondary" onClick={() => void run('GET /api/tenant/status', () => fetchTenantStatus(api))}>
            Check tenant status
          </Button>
        </div>
        {output && (
          <pre aria-label="Call result" className="mt-4 overflow-x-auto rounded-md bg-ink p-4 text-sm text-cream">
            {output}
          </pre>
        )}
      </Card>
      <ConversionTimer />
    </main>
  );
}
