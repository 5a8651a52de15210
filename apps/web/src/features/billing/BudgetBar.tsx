import { cn } from '../../ui';
import { barColour, formatPercent } from './budgetDisplay';

/** The bar's colours (docs/PRODUCT.md#billing): purple is Bree's accent; orange and red warn as the budget runs out. */
const FILL: Record<ReturnType<typeof barColour>, string> = {
  purple: 'bg-accent',
  orange: 'bg-orange-500',
  red: 'bg-danger',
};

/**
 * A budget's progress bar with its percentage; the colour is exposed as data for tests and styling.
 * `paygAfter` marks the bar's end as the point where pay-as-you-go starts (docs/BILLING.md#the-meter).
 */
export function BudgetBar({
  percent,
  label,
  paygAfter = false,
  showPercent = true,
}: {
  percent: number;
  label: string;
  paygAfter?: boolean;
  showPercent?: boolean;
}) {
  const colour = barColour(percent);
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(percent.toFixed(3))}
        aria-valuetext={`${formatPercent(percent)}${paygAfter ? ', then pay-as-you-go' : ''}`}
        data-colour={colour}
        data-payg-after={paygAfter || undefined}
        className={cn('h-2 w-full overflow-hidden rounded-full bg-cream-deep', paygAfter && 'border-r-4 border-ink')}
      >
        <div className={cn('h-full rounded-full', FILL[colour])} style={{ width: `${percent}%` }} />
      </div>
      {(showPercent || paygAfter) && (
        <p className="mt-1 flex flex-wrap justify-between gap-x-2 text-xs text-muted">
          {showPercent && <span>{formatPercent(percent)} used</span>}
          {paygAfter && <span className="ml-auto">then pay-as-you-go</span>}
        </p>
      )}
    </div>
  );
}
