import { budgetRefusalDetailsSchema, budgetRefusalRanOutSchema, ERROR_CODES, PAYG_DOLLARS_PER_CALL } from '@bree/contracts';
import type { AiTier, BudgetRefusalDetails } from '@bree/contracts';
import { isApiError } from '../../lib/api';

/** What the writer can do about a refusal: run the same action on the other tier, or go where the plan changes. */
export type RefusalAction = { kind: 'switch'; tier: AiTier; label: string } | { kind: 'link'; to: string; label: string };

/** The one message of a budget refusal (docs/BILLING.md#refusals): what ran out, what else to say, and what to do. */
export interface BudgetRefusal {
  title: string;
  detail: string | null;
  action: RefusalAction | null;
  /** A second way on beside a switch: turning pay-as-you-go on, for a Pro writer who has it off. */
  secondary?: RefusalAction;
}

/** The spec's words for a refusal with nothing more known (docs/PRODUCT.md#assistant), kept as the credit's advice. */
export const UPGRADE_ADVICE = 'Budget limit exceeded. Please upgrade your plan to continue.';

const TIER_NAMES: Record<AiTier, string> = { fast: 'Fast', premium: 'Premium' };
const UPGRADE: RefusalAction = { kind: 'link', to: '/subscription', label: 'Upgrade' };
const TURN_ON_PAYG: RefusalAction = { kind: 'link', to: '/subscription', label: 'Turn on pay-as-you-go' };
const PAYG_ADVICE = `Turn on pay-as-you-go to keep going: about $${PAYG_DOLLARS_PER_CALL.toFixed(2)} a call, up to a spending limit you set.`;

/** What refused a call when the client's own check did (the dollar credit): no details, the credit. */
export const LOCAL_REFUSAL: BudgetRefusal = { title: 'Your credit is used up', detail: UPGRADE_ADVICE, action: UPGRADE };

/** A refusal's details as far as they arrived: payg_off names what ran out but not what is left. */
type Known = Partial<BudgetRefusalDetails> & Pick<BudgetRefusalDetails, 'ranOut'>;

/** The way on once the plan itself has no room: pay-as-you-go for Pro (when off), else Upgrade. */
function planWayOn(known: Known, paygOff: boolean): Pick<BudgetRefusal, 'detail' | 'action'> {
  if (paygOff || (known.payg?.available && !known.payg.on)) return { detail: PAYG_ADVICE, action: TURN_ON_PAYG };
  if (known.plan === 'pro' || known.plan === 'self-hosted') return { detail: 'It starts again next month.', action: null };
  return { detail: UPGRADE_ADVICE, action: UPGRADE };
}

/** The message for what ran out, from the server's details (docs/BILLING.md#refusals). */
export function refusalFrom(known: Known, { paygOff = false }: { paygOff?: boolean } = {}): BudgetRefusal {
  if (known.ranOut === 'paygLimit')
    return {
      title: 'Your pay-as-you-go spending limit for this month is reached',
      detail: 'Raise the limit to keep going.',
      action: { kind: 'link', to: '/subscription', label: 'Raise the limit' },
    };
  if (known.ranOut === 'credit') return { title: 'Your credit is used up', ...planWayOn(known, paygOff) };
  const tier: AiTier = known.ranOut === 'fastCalls' ? 'fast' : 'premium';
  const other: AiTier = tier === 'fast' ? 'premium' : 'fast';
  const title = `${TIER_NAMES[tier]} calls for this month are used up`;
  const otherLeft = known.left ? known.left[other === 'fast' ? 'fastCalls' : 'premiumCalls'] : undefined;
  const creditLeft = known.left ? known.left.creditDollars !== 0 : false;
  // The other tier still has calls (null: no cap) and the credit still has room: one click runs the action there.
  if (otherLeft !== undefined && otherLeft !== 0 && creditLeft) {
    const still = otherLeft === null ? `${TIER_NAMES[other]} is still available` : `${TIER_NAMES[other]} still has ${otherLeft.toLocaleString('en-US')} left`;
    const action: RefusalAction = { kind: 'switch', tier: other, label: `Switch to ${TIER_NAMES[other]}` };
    const paygToo = paygOff || (known.payg?.available === true && !known.payg.on);
    // A Pro writer with pay-as-you-go off is asked in place, with the price per call (docs/BILLING.md#refusals).
    return { title: `${title} — ${still}`, detail: paygToo ? PAYG_ADVICE : null, action, ...(paygToo ? { secondary: TURN_ON_PAYG } : {}) };
  }
  return { title, ...planWayOn(known, paygOff) };
}

/**
 * The one message a budget refusal gets on every AI surface (docs/BILLING.md#refusals), or null
 * when the error is not one: 402 budget_exceeded with its details, payg_off (pay-as-you-go would
 * take the call but is off), or a budget_exceeded without details (an older server).
 */
export function budgetRefusalOf(error: unknown): BudgetRefusal | null {
  if (!isApiError(error)) return null;
  const paygOff = error.code === ERROR_CODES.paygOff;
  if (error.code !== ERROR_CODES.budgetExceeded && !paygOff) return null;
  const full = budgetRefusalDetailsSchema.safeParse(error.details);
  if (full.success) return refusalFrom(full.data, { paygOff });
  const partial = budgetRefusalRanOutSchema.safeParse(error.details);
  if (partial.success) return refusalFrom(partial.data, { paygOff });
  // payg_off names what ran out in words of its own when its details do not parse.
  return paygOff ? { title: error.message, detail: null, action: TURN_ON_PAYG } : LOCAL_REFUSAL;
}

/** The refusal as one line of plain text, for a surface that shows words only (a toast's title, a status line). */
export function refusalText(refusal: BudgetRefusal): string {
  return refusal.detail ? `${refusal.title}. ${refusal.detail}` : refusal.title;
}
