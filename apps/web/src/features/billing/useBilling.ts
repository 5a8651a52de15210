import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BILLING_STATUS_POLL_MS,
  billingUsageAnswerSchema,
  budgetAnswerSchema,
  checkoutSessionAnswerSchema,
  createCheckoutSessionAnswerSchema,
  createPortalSessionAnswerSchema,
  setSpendingLimitAnswerSchema,
  subscriptionStatusAnswerSchema,
  usageCurrentAnswerSchema,
} from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';

export const billingKeys = {
  status: ['billing', 'status'] as const,
  budget: ['billing', 'budget'] as const,
  usageCurrent: ['usage', 'current'] as const,
  report: (period: string | undefined) => ['billing', 'usage', period ?? 'current'] as const,
  session: (id: string) => ['billing', 'checkout-session', id] as const,
};

/** docs/PRODUCT.md#billing: profile and billing status fetch failures are logged only; the blocks and banner simply stay away. */
function loggedOnly<T>(what: string, load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    console.warn(`Billing: ${what} could not be loaded`, error);
    throw error;
  });
}

/** GET /api/config says whether this server takes payments; every /billing/* call answers 503 while it does not. */
export function useBillingEnabled(): boolean {
  return useServices().config.billing.enabled;
}

/** The subscription status, polled every 300000 ms (docs/PRODUCT.md#billing) so a payment issue shows up without a reload. */
export function useSubscriptionStatus(enabled = true) {
  const { api } = useServices();
  const billing = useBillingEnabled();
  return useQuery({
    queryKey: billingKeys.status,
    queryFn: ({ signal }) =>
      loggedOnly('the subscription status', () => api.get('/billing/subscription-status', { schema: subscriptionStatusAnswerSchema, signal })),
    enabled: billing && enabled,
    refetchInterval: BILLING_STATUS_POLL_MS,
  });
}

/** Budget data for the profile blocks and the banner; refreshed with the status. */
export function useBudget(enabled = true) {
  const { api } = useServices();
  const billing = useBillingEnabled();
  return useQuery({
    queryKey: billingKeys.budget,
    queryFn: ({ signal }) => loggedOnly('the budget', () => api.get('/billing/budget', { schema: budgetAnswerSchema, signal })),
    enabled: billing && enabled,
    refetchInterval: BILLING_STATUS_POLL_MS,
  });
}

/** This period's calls and the plan's limits; answered with billing on or off (off: the plan every account has). */
export function useUsageCurrent() {
  const { api } = useServices();
  return useQuery({
    queryKey: billingKeys.usageCurrent,
    queryFn: ({ signal }) => api.get('/usage/current', { schema: usageCurrentAnswerSchema, signal }),
  });
}

/** The invoice-grade usage report of one period (this month by default). */
export function useUsageReport(period?: string) {
  const { api } = useServices();
  const billing = useBillingEnabled();
  return useQuery({
    queryKey: billingKeys.report(period),
    queryFn: ({ signal }) => api.get(`/billing/usage${period ? `?period=${period}` : ''}`, { schema: billingUsageAnswerSchema, signal }),
    enabled: billing,
  });
}

/** The success page's lookup: only what the server says about this session counts as confirmed. */
export function useCheckoutSession(sessionId: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: billingKeys.session(sessionId ?? ''),
    queryFn: ({ signal }) => api.get(`/billing/checkout-session/${encodeURIComponent(sessionId ?? '')}`, { schema: checkoutSessionAnswerSchema, signal }),
    enabled: Boolean(sessionId),
    retry: false,
  });
}

/** Leaves Bree for a Stripe page; a seam so component tests can watch it without navigating. */
export function goTo(url: string): void {
  window.location.assign(url);
}

/**
 * 'Upgrade': asks for a checkout session and sends the browser to Stripe. The mutation stays
 * pending until the call ends, so the button shows 'Processing...'; a failure resets it.
 */
export function useCheckout(navigate: (url: string) => void = goTo) {
  const { api } = useServices();
  return useMutation({
    mutationFn: () => api.post('/billing/create-checkout-session', { planType: 'PRO' }, { schema: createCheckoutSessionAnswerSchema }),
    onSuccess: ({ url }) => navigate(url),
    onError: (error) => notify.error(errorMessage(error, 'Checkout could not be started. Please try again.')),
  });
}

/** 'Manage Subscription' and 'Update Payment': Stripe's customer portal. */
export function usePortal(navigate: (url: string) => void = goTo) {
  const { api } = useServices();
  return useMutation({
    mutationFn: () => api.post('/billing/create-portal-session', undefined, { schema: createPortalSessionAnswerSchema }),
    onSuccess: ({ url }) => navigate(url),
    onError: (error) => notify.error(errorMessage(error, 'The billing portal could not be opened. Please try again.')),
  });
}

/** The pay-as-you-go switch: its spending limit (dollars a period; 0 turns pay-as-you-go off, docs/BILLING.md#pay-as-you-go). */
export function useSpendingLimit() {
  const { api, queryClient } = useServices();
  return useMutation({
    mutationFn: (spendingLimit: number) => api.post('/billing/spending-limit', { spendingLimit }, { schema: setSpendingLimitAnswerSchema }),
    onSuccess: ({ spendingLimit }) => {
      notify.success(spendingLimit > 0 ? `Pay-as-you-go is on, up to $${spendingLimit.toFixed(2)} this month` : 'Pay-as-you-go is off');
      void queryClient.invalidateQueries({ queryKey: billingKeys.budget });
    },
    onError: (error) => notify.error(errorMessage(error, 'The spending limit could not be saved.')),
  });
}
