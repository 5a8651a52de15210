import { PublicLayout } from '../app/PublicLayout';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { startSignIn } from '../public/signIn';
import { usePublicSite } from '../public/site';
import { Button, buttonClasses } from '../ui/Button';
import { Card } from '../ui/Card';

const POINTS = [
  {
    title: 'Your voice, learned',
    body: 'Import a few pieces you have written. The assistant studies them and edits in your style, not a generic one.',
  },
  {
    title: 'Tools that respect the draft',
    body: 'Enhance, shrink, expand or rewrite with a short instruction — every suggestion can be compared with the original before you accept it.',
  },
  {
    title: 'Private by design',
    body: 'Your documents are never used to train AI models, AI providers are bound not to retain them, and each workspace is isolated.',
  },
];

/** The landing page: pitch, 'Sign in' and 'Get started' for visitors, 'Continue Writing' for a writer already signed in. */
export default function LandingRoute() {
  const { config, signedIn } = usePublicSite();
  useDocumentTitle();

  return (
    <PublicLayout
      actions={
        signedIn ? undefined : (
          <Button variant="secondary" size="sm" onClick={() => void startSignIn()}>
            Sign in
          </Button>
        )
      }
    >
      <section className="mx-auto max-w-3xl py-6 text-center sm:py-12">
        <p className="text-sm font-medium tracking-wide text-accent uppercase">AI writing studio</p>
        <h1 className="mt-3 font-serif text-display font-semibold tracking-tight text-ink">Write faster, and still sound like you.</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
          {config.productName} is a self-hostable writing studio for authors, creators and marketers. Keep your documents in one calm place and work with an
          assistant that learns your voice from your own writing.
        </p>
        <div className="mt-8 flex justify-center">
          {signedIn ? (
            <a href="/app" className={buttonClasses({ size: 'lg' })}>
              Continue Writing
            </a>
          ) : (
            <Button size="lg" onClick={() => void startSignIn({ signup: true })}>
              Get started
            </Button>
          )}
        </div>
        <p className="mt-3 text-sm text-muted">Free to start — no credit card needed.</p>
      </section>

      <section aria-labelledby="why-heading" className="mt-10">
        <h2 id="why-heading" className="sr-only">
          Why {config.productName}
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {POINTS.map((point) => (
            <Card key={point.title}>
              <h3 className="font-serif text-lg font-semibold text-ink">{point.title}</h3>
              <p className="mt-2 text-sm text-muted">{point.body}</p>
            </Card>
          ))}
        </div>
      </section>
    </PublicLayout>
  );
}
