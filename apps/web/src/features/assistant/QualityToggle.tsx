import { useId, useState } from 'react';
import type { AiTier } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { cn } from '../../ui';
import { setDefaultProvider } from './api';
import { readQuality, writeQuality } from './quality';
import { describeTier, modelCaption, useAiAvailability } from './aiAvailability';

/** Profile menu 'Default Bree Quality' toggle: stored locally and sent as the account default. */
export function QualityToggle() {
  const { api } = useServices();
  const [tier, setTier] = useState<AiTier>(() => readQuality());
  const ai = useAiAvailability();
  const ids = useId();
  const caption = modelCaption(tier, ai);

  const choose = async (next: AiTier) => {
    const previous = tier;
    setTier(next);
    writeQuality(next);
    try {
      await setDefaultProvider(api, next);
      notify.success(`AI Provider set to ${next === 'fast' ? 'Fast' : 'Premium'}`);
    } catch {
      setTier(previous);
      writeQuality(previous);
      notify.error('Failed to update AI provider');
    }
  };

  return (
    <div>
      <p id="bree-quality-label" className="text-sm font-medium text-ink">
        Default Bree Quality
      </p>
      <div role="radiogroup" aria-labelledby="bree-quality-label" className="mt-1 inline-flex rounded-lg border border-line p-0.5">
        {(['fast', 'premium'] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={tier === t}
            aria-describedby={ai.tiers ? `${ids}-${t}` : undefined}
            aria-disabled={ai.tiers?.[t].available === false || undefined}
            onClick={() => {
              // A tier without a provider cannot be picked (the one already chosen stays shown as chosen).
              if (ai.tiers?.[t].available !== false) void choose(t);
            }}
            className={cn(
              'rounded-md px-3 py-1 text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
              tier === t ? 'bg-accent text-white' : 'text-ink-soft hover:bg-cream-deep',
            )}
          >
            {t === 'fast' ? 'Fast' : 'Premium'}
          </button>
        ))}
      </div>
      {ai.tiers &&
        (['fast', 'premium'] as const).map((t) => (
          <span key={t} id={`${ids}-${t}`} hidden>
            {describeTier(ai.tiers?.[t])}
          </span>
        ))}
      {caption && (
        <p className="mt-1 text-xs text-muted" data-testid="quality-model">
          {caption}
        </p>
      )}
    </div>
  );
}
