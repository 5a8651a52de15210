import { useState } from 'react';
import type { VariantType } from '@bree/contracts';
import { VARIANT_LABELS } from '@bree/contracts';
import { cn, Spinner } from '../../ui';
import { UnavailableButton, useAiAvailability } from '../assistant';
import { FocusInstructionsDialog } from './FocusInstructionsDialog';
import { GRID_ACTIONS, wordHintFor } from './rules';

interface Props {
  /** Words in the document now (the focus box says when it is longer than the best length). */
  words: number;
  busy: VariantType | null;
  onRun(type: VariantType, instructions?: string): void;
}

const cell = 'flex min-h-10 items-center justify-center gap-1.5 rounded-md border border-line bg-paper px-2 py-2 text-sm text-ink hover:bg-cream-deep';

/**
 * The action grid (docs/PRODUCT.md#workspaces): Duplicate at once; every AI action asks for focus instructions
 * first. Without an AI provider the AI actions say so rather than failing when pressed.
 */
export function ActionGrid({ words, busy, onRun }: Props) {
  const ai = useAiAvailability();
  const [asking, setAsking] = useState<VariantType | null>(null);
  return (
    <>
      <div role="group" aria-label="Create a variant" className="grid grid-cols-2 gap-2">
        {GRID_ACTIONS.map((type) => {
          const label = VARIANT_LABELS[type];
          if (type !== 'duplicate' && !ai.available) {
            return (
              <UnavailableButton key={type} className={cell}>
                {label}
              </UnavailableButton>
            );
          }
          return (
            <button
              key={type}
              type="button"
              className={cn(cell, 'disabled:opacity-60')}
              disabled={busy === type}
              onClick={() => (type === 'duplicate' ? onRun(type) : setAsking(type))}
            >
              {busy === type && <Spinner size="sm" label={`Creating ${label}`} />}
              {label}
            </button>
          );
        })}
      </div>
      <FocusInstructionsDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        action={asking ? VARIANT_LABELS[asking] : ''}
        bestUpToWords={asking ? wordHintFor(asking) : 0}
        documentWords={words}
        onConfirm={(instructions) => {
          if (asking) onRun(asking, instructions || undefined);
        }}
      />
    </>
  );
}
