import { useState } from 'react';
import type { AiTier } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { cn } from '../../ui';
import { setDefaultProvider } from './api';
import { readQuality, writeQuality } from './quality';

/** Profile menu 'Default Bree Quality' toggle: stored locally and sent as the account default. */
export function QualityToggle() {
  const { api } = useServices();
  const [tier, setTier] = useState<AiTier>(() => readQuality());

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
            onClick={() => void choose(t)}
            className={cn('rounded-md px-3 py-1 text-sm', tier === t ? 'bg-accent text-white' : 'text-ink-soft hover:bg-cream-deep')}
          >
            {t === 'fast' ? 'Fast' : 'Premium'}
          </button>
        ))}
      </div>
    </div>
  );
}
