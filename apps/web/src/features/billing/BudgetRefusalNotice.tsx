import { Link } from 'wouter';
import type { AiTier } from '@bree/contracts';
import { Button, buttonClasses } from '../../ui';
import type { BudgetRefusal } from './refusal';

/**
 * The one message of a budget refusal on every AI surface (docs/BILLING.md#refusals): what ran
 * out, what to do, and the one button that does it — the same action on the other tier, or the
 * plan page. The surface shows no toast beside it.
 */
export function BudgetRefusalNotice({
  refusal,
  onSwitch,
  switching = false,
}: {
  refusal: BudgetRefusal;
  /** Runs the refused action again on `tier`; without it the switch is not offered here. */
  onSwitch?: (tier: AiTier) => void;
  switching?: boolean;
}) {
  const { action, secondary } = refusal;
  return (
    <div role="alert" data-testid="budget-refusal" className="text-sm">
      <p className="font-medium text-ink">{refusal.title}</p>
      {refusal.detail && <p className="mt-1 text-ink-soft">{refusal.detail}</p>}
      {(action || secondary) && (
        <div className="mt-2 flex flex-wrap gap-2">
          {action?.kind === 'switch' && onSwitch && (
            <Button size="sm" onClick={() => onSwitch(action.tier)} loading={switching}>
              {action.label}
            </Button>
          )}
          {action?.kind === 'link' && (
            <Link to={action.to} className={buttonClasses({ size: 'sm', variant: 'primary' })}>
              {action.label}
            </Link>
          )}
          {secondary?.kind === 'link' && (
            <Link to={secondary.to} className={buttonClasses({ size: 'sm', variant: 'secondary' })}>
              {secondary.label}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
