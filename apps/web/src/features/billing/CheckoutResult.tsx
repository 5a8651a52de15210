import { useEffect, useState } from 'react';
import { useServices } from '../../app/services';
import { CHECKOUT_SUCCESS_WAIT_MS } from '@bree/contracts';
import { errorMessage } from '../../lib/errors';
import { Spinner } from '../../ui';
import { billingKeys, useCheckoutSession } from './useBilling';

const TITLE = 'font-serif text-2xl font-semibold text-ink';

/**
 * /billing/success with a session_id: waits 1.5 s (the webhook usually lands by then; docs/PRODUCT.md#billing),
 * then confirms only what the server says about that session — never the address alone.
 */
export function CheckoutResult({ sessionId }: { sessionId: string }) {
  const session = useCheckoutSession(sessionId);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), CHECKOUT_SUCCESS_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  // A confirmed subscription changes the badge, the blocks and the plan: read them afresh.
  const { queryClient } = useServices();
  const active = session.data?.subscriptionActive === true;
  useEffect(() => {
    if (!active) return;
    void queryClient.invalidateQueries({ queryKey: billingKeys.status });
    void queryClient.invalidateQueries({ queryKey: billingKeys.budget });
  }, [active, queryClient]);

  if (!waited || session.isPending) return <Spinner size="lg" showLabel label="Confirming your subscription…" className="flex-col" />;
  if (session.isError) {
    return (
      <>
        <h1 className={TITLE}>We could not confirm this checkout</h1>
        <p className="mt-2 text-muted">{errorMessage(session.error, 'The checkout could not be looked up.')}</p>
      </>
    );
  }
  const { complete, subscriptionActive } = session.data;
  if (complete && subscriptionActive) {
    return (
      <>
        <h1 className={TITLE}>Payment successful</h1>
        <p className="mt-2 text-muted">Thank you! Your Pro subscription is active and your new AI credit is ready to use.</p>
      </>
    );
  }
  if (complete) {
    return (
      <>
        <h1 className={TITLE}>Payment received</h1>
        <p className="mt-2 text-muted">
          Your subscription is not active yet. It usually takes a moment; the subscription page shows it as soon as Stripe confirms.
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className={TITLE}>Checkout not completed</h1>
      <p className="mt-2 text-muted">This checkout has not been paid. No subscription was started.</p>
    </>
  );
}
