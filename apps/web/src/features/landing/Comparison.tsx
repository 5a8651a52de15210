import { cn } from '../../ui/cn';
import { COMPARISON_COLUMNS, COMPARISON_ROWS, VERDICT_LABELS, withProductName, type Verdict } from './content';

const VERDICT_STYLE: Record<Verdict, { icon: string; className: string }> = {
  good: { icon: '✓', className: 'bg-success/10 text-success' },
  warn: { icon: '~', className: 'bg-warning/10 text-warning' },
  bad: { icon: '✕', className: 'bg-danger/10 text-danger' },
};

/** Traditional editors, generic AI tools and the product side by side: a real table with header cells and labelled icons (docs/PRODUCT.md#landing). */
export function Comparison({ productName }: { productName: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full min-w-0 table-fixed border-collapse text-sm">
        <caption className="sr-only">How {productName} compares with traditional editors and generic AI tools</caption>
        <thead>
          <tr className="border-b border-line bg-cream">
            {/* At 360 px the three contenders need the room: 'Traditional' must fit its column whole. */}
            <th scope="col" className="w-[31%] px-2 py-3 text-left font-semibold text-ink sm:w-[32%] sm:px-4">
              Feature
            </th>
            {COMPARISON_COLUMNS.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={cn(
                  'px-0.5 py-3 text-center text-[11px] font-semibold text-ink sm:px-4 sm:text-sm',
                  index === COMPARISON_COLUMNS.length - 1 && 'text-accent-strong',
                )}
              >
                {withProductName(column, productName)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row) => (
            <tr key={row.feature} className="border-b border-line last:border-0">
              <th scope="row" className="px-2 py-3 text-left text-[13px] font-normal break-words text-ink-soft sm:px-4 sm:text-sm">
                {row.feature}
              </th>
              {row.cells.map((verdict, index) => (
                <td key={index} className="px-1 py-3 text-center sm:px-4" data-verdict={verdict}>
                  <span
                    role="img"
                    aria-label={VERDICT_LABELS[verdict]}
                    className={cn('inline-flex size-7 items-center justify-center rounded-full font-bold', VERDICT_STYLE[verdict].className)}
                  >
                    {VERDICT_STYLE[verdict].icon}
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
