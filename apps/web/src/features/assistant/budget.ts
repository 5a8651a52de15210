import { hasBudgetFor, usageCurrentAnswerSchema } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** A budget check must not hold an action up for long; when it cannot answer quickly, the action goes ahead. */
const CHECK_TIMEOUT_MS = 3_000;

/**
 * The local budget check before every AI action (docs/PRODUCT.md#assistant): this month's usage must leave room
 * for the estimated 0.01. If the check itself fails, the action proceeds — the server's atomic
 * reservation still guards the budget and answers 402.
 */
export async function budgetAllowsAction(api: ApiClient): Promise<boolean> {
  try {
    return hasBudgetFor(await api.get('/usage/current', { schema: usageCurrentAnswerSchema, timeoutMs: CHECK_TIMEOUT_MS }));
  } catch {
    return true;
  }
}
