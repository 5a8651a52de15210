import { useId, useState } from 'react';
import { cn } from '../../ui/cn';
import { faqsFor, withProductName } from './content';

/** Six questions as an accordion: opening one closes the others, and the open one can be closed (docs/PRODUCT.md#landing). */
export function Faq({ productName, billingEnabled }: { productName: string; billingEnabled: boolean }) {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <ul className="mx-auto max-w-3xl divide-y divide-line rounded-lg border border-line bg-surface">
      {faqsFor(billingEnabled).map((item, index) => {
        const expanded = open === index;
        const panelId = `${baseId}-answer-${index}`;
        const buttonId = `${baseId}-question-${index}`;
        return (
          <li key={item.question}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left font-medium text-ink hover:bg-cream focus-visible:outline-offset-[-2px]"
              >
                <span>{withProductName(item.question, productName)}</span>
                <span aria-hidden="true" className={cn('text-xl text-accent transition-transform', expanded && 'rotate-45')}>
                  +
                </span>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5 text-ink-soft">
              {withProductName(item.answer, productName)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
