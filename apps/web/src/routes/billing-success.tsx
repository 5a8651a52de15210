import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '../app/PublicLayout';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Button, Card, Spinner } from '../ui';

/** Webhooks usually land within this time; the spec waits before confirming. */
const CONFIRM_DELAY_MS = 1500;

/** /billing/success: waits 1.5 s, then confirms; a different message without session_id. */
export default function BillingSuccessRoute() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  useDocumentTitle('Checkout');

  useEffect(() => {
    if (!sessionId) return;
    const timer = setTimeout(() => setConfirmed(true), CONFIRM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sessionId]);

  let body;
  if (!sessionId) {
    body = (
      <>
        <h1 className="font-serif text-2xl font-semibold text-ink">No checkout session found</h1>
        <p className="mt-2 text-muted">
          This page was opened without a checkout session. If you completed a payment, your plan will show on the subscription page shortly.
        </p>
      </>
    );
  } else if (!confirmed) {
    body = <Spinner size="lg" showLabel label="Confirming your subscription…" className="flex-col" />;
  } else {
    body = (
      <>
        <h1 className="font-serif text-2xl font-semibold text-ink">Payment successful</h1>
        <p className="mt-2 text-muted">Thank you! Your subscription is active and your new AI credit is ready to use.</p>
      </>
    );
  }

  return (
    <PublicLayout narrow>
      <Card className="mx-auto max-w-md text-center">
        <div className="flex flex-col items-center">{body}</div>
        {(confirmed || !sessionId) && (
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Button onClick={() => void navigate('/app')}>{sessionId ? 'Continue Writing' : 'Back to Editor'}</Button>
            <Button variant="secondary" onClick={() => void navigate('/subscription')}>
              View subscription
            </Button>
          </div>
        )}
      </Card>
    </PublicLayout>
  );
}
