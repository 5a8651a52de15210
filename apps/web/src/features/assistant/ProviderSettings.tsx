import { useEffect, useState } from 'react';
import type { AiTier } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { cn } from '../../ui';
import { getProviderStatus, setProviderOverride } from './api';

/** The two tiers as the spec describes them to authors. */
export const TIER_OPTIONS: { tier: AiTier; label: string; description: string }[] = [
  { tier: 'fast', label: 'Fast', description: 'Gemini 2.5 Flash, a fast balanced model' },
  { tier: 'premium', label: 'Premium', description: 'Claude 4, a maximum-quality model' },
];

/** Settings panel section 'AI Provider Override': this document's Fast/Premium choice. */
export function ProviderSettings({ fileId }: { fileId: string }) {
  const { api } = useServices();
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
      <h3 id="ai-provider-heading" className="font-serif text-base font-semibold text-ink">
        AI Provider Override
      </h3>
      <p className="text-sm text-muted">{hasOverride ? 'This document uses its own model.' : 'This document follows your Default Bree Quality.'}</p>
      <div role="radiogroup" aria-label="AI Provider Override" className="mt-2 space-y-2">
        {TIER_OPTIONS.map(({ tier, label, description }) => (
          <button
            key={tier}
            type="button"
            role="radio"
            aria-checked={provider === tier}
            disabled={saving || provider === null}
            onClick={() => void choose(tier)}
            className={cn(
              'block w-full rounded-lg border px-3 py-2 text-left disabled:opacity-60',
              provider === tier ? 'border-accent bg-cream-deep' : 'border-line hover:bg-cream',
            )}
          >
            <span className="block text-sm font-semibold text-ink">{label}</span>
            <span className="block text-xs text-muted">{description}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
