import { useSearchParams } from 'wouter';
import { useNavigate } from '../app/navigation';
import { PublicLayout } from '../app/PublicLayout';
import { CheckoutResult } from '../features/billing/CheckoutResult';
import { useSession } from '../features/auth';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Button, Card } from '../ui';

/**
 * /billing/success: with a session_id, what the server says about that checkout (after 1.5 s);
 * a different message without one. The lookup needs the signed-in tenant, so it waits for the session.
 */
export default function BillingSuccessRoute() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();
  const session = useSession();
  useDocumentTitle('Checkout');

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
  } else if (session.status === 'authenticated') {
    body = <CheckoutResult sessionId={sessionId} />;
  } else if (session.status === 'loading') {
    body = null;
  } else {
    body = (
      <>
        <h1 className="font-serif text-2xl font-semibold text-ink">Please sign in</h1>
        <p className="mt-2 text-muted">Sign in to see the result of your checkout.</p>
      </>
    );
  }

  return (
    <PublicLayout narrow>
      <Card className="mx-auto max-w-md text-center">
        <div className="flex flex-col items-center">{body}</div>
        {session.status !== 'loading' && (
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
