import { cn } from '../../ui';
import { barColour, formatPercent } from './budgetDisplay';

/** The bar's colours (docs/PRODUCT.md#billing): purple is Bree's accent; orange and red warn as the budget runs out. */
const FILL: Record<ReturnType<typeof barColour>, string> = {
  purple: 'bg-accent',
  orange: 'bg-orange-500',
  red: 'bg-danger',
};

/** A budget's progress bar with its percentage; the colour is exposed as data for tests and styling. */
export function BudgetBar({ percent, label }: { percent: number; label: string }) {
  const colour = barColour(percent);
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(percent.toFixed(3))}
        aria-valuetext={formatPercent(percent)}
        data-colour={colour}
        className="h-2 w-full overflow-hidden rounded-full bg-cream-deep"
      >
        <div className={cn('h-full rounded-full', FILL[colour])} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-muted">{formatPercent(percent)} used</p>
    </div>
  );
}
