import { formatDate } from '../../lib/dates';

/** Dollars with cents, as the billing pages show them. */
export const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** A date or 'Never' for an account that never did anything. */
export const dayOrNever = (iso: string | null) => (iso ? formatDate(iso) : 'Never');

/** Subscription statuses as docs/PRODUCT.md#admin displays them: active, trialing, past_due, canceled, other (none without a subscription). */
export function subscriptionLabel(status: string | null): string {
  if (status === null) return 'none';
  return ['active', 'trialing', 'past_due', 'canceled'].includes(status) ? status : 'other';
}
