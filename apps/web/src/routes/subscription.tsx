import { PublicLayout } from '../app/PublicLayout';
import { useServices } from '../app/services';
import { ProfileMenu, useSession } from '../features/auth';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Button, Card, LoadingScreen, PageHeader, cn } from '../ui';

// The plans as 3-public-admin §2.3 describes them; this page shows them and offers no checkout.
const PLANS = [
  { name: 'Free', price: '$0', detail: '$1.00 AI credit, no credit card', featured: false },
  { name: 'Pro', price: '$20 / month', detail: '$20.00 AI credit per month · beta pricing', featured: true },
  { name: 'Pay-as-you-go', price: '≈ 1¢ per call', detail: 'Set your own budget limits; used once the Pro budget runs out', featured: false },
];

/** /subscription: plans for signed-in users; 'Please sign in' otherwise. */
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
      <PageHeader title="Subscription" description="Plans and upgrades. Billing is not configured on this server yet." />
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.name}>
            <Card className={cn('h-full', plan.featured && 'border-accent ring-1 ring-accent')}>
              <h2 className="font-serif text-xl font-semibold text-ink">{plan.name}</h2>
              <p className="mt-2 text-2xl font-semibold text-ink">{plan.price}</p>
              <p className="mt-2 text-sm text-muted">{plan.detail}</p>
            </Card>
          </li>
        ))}
      </ul>
    </PublicLayout>
  );
}
