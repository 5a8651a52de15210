import { meterFigures, type BudgetData } from '@bree/contracts';
import { Meter } from './Meter';
import { useUsageCurrent } from './useBilling';

/**
 * The meter in the profile menu (docs/BILLING.md#the-meter), a module of its own so the editor
 * downloads it only when the menu first opens. Mounted only with billing on, so the usage record
 * is asked for only then.
 */
export default function ProfileMeter({ budget }: { budget: BudgetData }) {
  const usage = useUsageCurrent();
  return <Meter compact figures={meterFigures({ budget, usage: usage.data })} />;
}
