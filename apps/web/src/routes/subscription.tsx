import { PublicLayout } from '../app/PublicLayout';
import { useServices } from '../app/services';
import { ProfileMenu, useSession } from '../features/auth';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { SubscriptionPage } from '../features/billing/SubscriptionPage';
import { Button, Card, LoadingScreen } from '../ui';

/** /subscription: plans, status and usage for signed-in users (or this Bree's one plan when billing is off); 'Please sign in' otherwise. */
export default function SubscriptionRoute() {
  const session = useSession();
  const { tokens, config } = useServices();
  useDocumentTitle('Subscription');

  if (session.status === 'loading') return <LoadingScreen label={`Loading ${config.productName}`} />;

  if (session.status !== 'authenticated') {
    return (
      <PublicLayout narrow>
        <Card className="mx-auto max-w-md text-center">
          <h1 className="font-serif text-2xl font-semibold text-ink">Please sign in</h1>
          <p className="mt-2 text-muted">Sign in to see your plan and upgrade options.</p>
          <Button className="mt-5" onClick={() => void tokens.signIn({ returnTo: '/subscription' })}>
            Sign in
          </Button>
        </Card>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout actions={<ProfileMenu />}>
      <SubscriptionPage />
    </PublicLayout>
  );
}
