import type { MeterFigures, MeterGauge } from '@bree/contracts';
import { BudgetBar } from './BudgetBar';

/**
 * The meter (docs/BILLING.md#the-meter): the AI credit, Fast and Premium calls, voice minutes and
 * pay-as-you-go of the period, exactly as `meterFigures` computed them. The profile menu and
 * /subscription render this one component from that one function, so they cannot disagree.
 * `showPayg` is false on a server without billing, where there is no plan to buy and so no pay-as-you-go.
 */
export function Meter({ figures, compact = false, showPayg = true }: { figures: MeterFigures; compact?: boolean; showPayg?: boolean }) {
  const { credit, payg } = figures;
  // A plan without voice minutes (Free) shows none rather than '0.0 of 0'.
  const voice = figures.voice.cap === 0 && figures.voice.used === 0 ? null : figures.voice;
  return (
    <div className={compact ? 'flex flex-col gap-3' : 'grid gap-4 sm:grid-cols-2'}>
      {/* Groups, not regions: the meter shows both on /subscription and in the profile menu, and two
          landmarks with one name would confuse landmark navigation. */}
      <div role="group" aria-label="AI Credit Budget">
        <h3 className="text-sm font-semibold text-ink">AI Credit Budget</h3>
        <p className="mt-1 text-sm text-muted">{credit.text}</p>
        {credit.cap != null && (
          <div className="mt-2">
            <BudgetBar percent={credit.percent} label="AI credit used" paygAfter={credit.paygAfter} />
          </div>
        )}
        {credit.note && <p className="mt-1 text-xs text-muted">{credit.note}</p>}
      </div>
      <div role="group" aria-label="Calls this period">
        <h3 className="text-sm font-semibold text-ink">Calls this period</h3>
        <GaugeRow label="Fast calls" gauge={figures.fast} />
        <GaugeRow label="Premium calls" gauge={figures.premium} />
        {voice && <GaugeRow label="Voice minutes" gauge={voice} />}
      </div>
      {showPayg && (
        <div role="group" aria-label="Pay-as-you-go" className={compact ? undefined : 'sm:col-span-2'}>
          <h3 className="text-sm font-semibold text-ink">Pay-as-you-go</h3>
          <p className="mt-1 text-sm text-muted">{payg.text}</p>
          {payg.gauge && (
            <div className="mt-2">
              <BudgetBar percent={payg.gauge.percent} label="Pay-as-you-go limit used" />
            </div>
          )}
          <p className="mt-1 text-xs text-muted" data-testid="payg-starts">
            {payg.startsAt}
          </p>
        </div>
      )}
    </div>
  );
}

/** One capped reading: its figure on a line, then a slim bar marked where pay-as-you-go takes over. */
function GaugeRow({ label, gauge }: { label: string; gauge: MeterGauge }) {
  return (
    <div className="mt-1">
      <p className="text-sm text-muted">{gauge.text}</p>
      {gauge.cap != null && (
        <div className="mt-1">
          <BudgetBar percent={gauge.percent} label={`${label} used`} paygAfter={gauge.paygAfter} showPercent={false} />
        </div>
      )}
    </div>
  );
}
