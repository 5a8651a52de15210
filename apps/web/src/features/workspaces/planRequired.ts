import { ERROR_CODES } from '@bree/contracts';
import { hasErrorCode } from '../../lib/errorCodes';
import { notify } from '../../lib/toast';

/** What a writer on Free is told when making a workspace or a variant: it comes with Pro, and where to get it. */
export const PLAN_REQUIRED_MESSAGE = 'Workspaces come with the Pro plan.';

/**
 * Shows the failure of a workspace action refused by the plan (402 plan_required) with an
 * 'Upgrade' button to /subscription; true when it was that refusal.
 */
export function notifyPlanRequired(error: unknown, failed: string, openSubscription: () => void): boolean {
  if (!hasErrorCode(error, ERROR_CODES.planRequired)) return false;
  notify.error(`${failed}: ${PLAN_REQUIRED_MESSAGE}`, { action: { label: 'Upgrade', run: openSubscription } });
  return true;
}
