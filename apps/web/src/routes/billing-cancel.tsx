import { useNavigate } from '../app/navigation';
import { PublicLayout } from '../app/PublicLayout';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Button, Card } from '../ui';

/** /billing/cancel: checkout was cancelled; 'Back to Editor' or 'Try Again'. */
export default function BillingCancelRoute() {
  const navigate = useNavigate();
  useDocumentTitle('Checkout cancelled');
  return (
    <PublicLayout narrow>
      <Card className="mx-auto max-w-md text-center">
        <h1 className="font-serif text-2xl font-semibold text-ink">Checkout cancelled</h1>
        <p className="mt-2 text-muted">No payment was taken. You can choose a plan whenever you are ready.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button onClick={() => void navigate('/app')}>Back to Editor</Button>
          <Button variant="secondary" onClick={() => void navigate('/subscription')}>
            Try Again
          </Button>
        </div>
      </Card>
    </PublicLayout>
  );
}
