import { useEffect, useId, useState } from 'react';
import type { AiTier } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { cn } from '../../ui';
import { getProviderStatus, setProviderOverride } from './api';
import { AI_NOT_SET_UP_ASK, describeTier, standInNote, useAiAvailability } from './aiAvailability';
import type { AiAvailability } from './aiAvailability';

/** The two tiers by their names in docs/PRODUCT.md#assistant; each is described by the model this server has configured for it. */
export const TIER_OPTIONS: { tier: AiTier; label: string }[] = [
  { tier: 'fast', label: 'Fast' },
  { tier: 'premium', label: 'Premium' },
];

/** Administrators only: what to set on the server for each tier without a provider. */
export function AdminSetupNotes({ ai }: { ai: Pick<AiAvailability, 'setup'> }) {
  if (ai.setup.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg border border-line bg-cream p-3 text-xs text-ink-soft" data-testid="ai-admin-setup">
      <p className="font-semibold text-ink">Server setup (shown to administrators only)</p>
      <ul className="mt-1 list-disc space-y-1 pl-4">
        {ai.setup.map((note) => (
          <li key={note.tier} className="break-words">
            {note.advice}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Below the model choice when no tier has a provider: an administrator gets the notes above; any
 * other writer one plain sentence (the server sends the notes to administrators only). Nothing
 * while the answer is unknown or AI works.
 */
export function AiSetupNotice({ ai }: { ai: Pick<AiAvailability, 'known' | 'available' | 'setup'> }) {
  if (ai.setup.length > 0) return <AdminSetupNotes ai={ai} />;
  if (!ai.known || ai.available) return null;
  return (
    <p className="mt-2 text-sm text-ink-soft" data-testid="ai-not-set-up">
      {AI_NOT_SET_UP_ASK}
    </p>
  );
}

/** Settings panel section 'AI Provider Override': this document's Fast/Premium choice. */
export function ProviderSettings({ fileId }: { fileId: string }) {
  const { api } = useServices();
  const ai = useAiAvailability();
  const ids = useId();
  const [provider, setProvider] = useState<AiTier | null>(null);
  const [hasOverride, setHasOverride] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    getProviderStatus(api, fileId)
      .then((status) => {
        if (cancelled) return;
        setProvider(status.provider);
        setHasOverride(status.hasOverride);
      })
      .catch(() => {
        if (!cancelled) notify.error('Failed to load AI provider status');
      });
    return () => {
      cancelled = true;
    };
  }, [api, fileId]);

  const choose = async (tier: AiTier) => {
    setSaving(true);
    try {
      const answer = await setProviderOverride(api, fileId, tier);
      setProvider(answer.provider);
      setHasOverride(true);
      notify.success(`AI Provider set to ${answer.provider === 'fast' ? 'Fast' : 'Premium'}`);
    } catch {
      notify.error('Failed to update AI provider');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="ai-provider-heading">
      <h2 id="ai-provider-heading" className="font-serif text-base font-semibold text-ink">
        AI Provider Override
      </h2>
      <p className="text-sm text-muted">{hasOverride ? 'This document uses its own model.' : 'This document follows your Default Bree Quality.'}</p>
      <div role="radiogroup" aria-label="AI Provider Override" className="mt-2 space-y-2">
        {TIER_OPTIONS.map(({ tier, label }) => {
          // A tier without a provider cannot be picked (the one already chosen stays shown as chosen).
          const unavailable = ai.tiers?.[tier].available === false;
          return (
            <button
              key={tier}
              type="button"
              role="radio"
              aria-checked={provider === tier}
              aria-labelledby={`${ids}-${tier}-label`}
              aria-describedby={`${ids}-${tier}-model`}
              aria-disabled={unavailable || undefined}
              disabled={saving || provider === null}
              onClick={() => {
                if (!unavailable) void choose(tier);
              }}
              className={cn(
                'block w-full rounded-lg border px-3 py-2 text-left disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
                provider === tier ? 'border-accent bg-cream-deep' : 'border-line hover:bg-cream',
              )}
            >
              <span id={`${ids}-${tier}-label`} className="block text-sm font-semibold text-ink">
                {label}
              </span>
              <span id={`${ids}-${tier}-model`} className="block text-xs text-muted" data-testid={`model-${tier}`}>
                {describeTier(ai.tiers?.[tier])}
              </span>
            </button>
          );
        })}
      </div>
      {standInNote(provider, ai) && <p className="mt-2 text-xs text-muted">{standInNote(provider, ai)}</p>}
      <AiSetupNotice ai={ai} />
    </section>
  );
}
