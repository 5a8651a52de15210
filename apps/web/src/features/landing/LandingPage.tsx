import type { ReactNode } from 'react';
import { SiteFooter, SiteHeader } from '../../app/PublicLayout';
import { AccountDeletedNotice } from '../account/AccountDeletedNotice';
import { startSignIn } from '../../public/signIn';
import { usePublicSite } from '../../public/site';
import { Button, buttonClasses } from '../../ui/Button';
import { MAIN_CONTENT_ID, SkipLink } from '../../ui/SkipLink';
import { Comparison } from './Comparison';
import { EditorDemo } from './EditorDemo';
import { Faq } from './Faq';
import { Section } from './Section';
import { AudienceSection, FeaturesSection, PricingSection, ProvidersStrip, SelfHostedSection, WhySection } from './StaticSections';
import { Testimonials } from './Testimonials';

/** The header's anchors (docs/PRODUCT.md#landing). */
const ANCHORS = [
  { label: 'Features', href: '#services' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'FAQ', href: '#faq' },
] as const;

/**
 * The landing page, its thirteen parts in the order of docs/PRODUCT.md#landing. `signedIn`
 * changes only the calls to action: visitors are invited to try it and go through sign-up to
 * /app; signed-in writers are offered 'Continue Writing' straight to /app.
 */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  const { config } = usePublicSite();
  const name = config.productName;
  const signUp = (returnTo?: string) => void startSignIn({ signup: true, ...(returnTo ? { returnTo } : {}) });

  const continueWriting = (size: 'md' | 'lg') => (
    <a href="/app" className={buttonClasses({ size })}>
      Continue Writing
    </a>
  );

  const planAction = (featured: boolean): ReactNode => {
    if (featured) {
      return signedIn ? (
        <a href="/subscription" className={buttonClasses({ className: 'w-full' })}>
          Upgrade to Pro
        </a>
      ) : (
        <Button className="w-full" onClick={() => signUp('/subscription')}>
          Choose Pro
        </Button>
      );
    }
    return signedIn ? null : (
      <Button variant="secondary" className="w-full" onClick={() => signUp()}>
        Start free
      </Button>
    );
  };

  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip bg-paper">
      <SkipLink targetId={MAIN_CONTENT_ID}>Skip to main content</SkipLink>
      <div data-landing-section="header">
        <SiteHeader
          nav={
            <nav aria-label="Sections">
              <ul className="flex justify-center gap-1 sm:gap-2">
                {ANCHORS.map((anchor) => (
                  <li key={anchor.href}>
                    <a href={anchor.href} className="rounded-md px-3 py-2 text-sm font-medium text-ink-soft hover:bg-cream-deep hover:text-ink">
                      {anchor.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          }
          actions={
            signedIn ? (
              <a href="/app" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                Open {name}
              </a>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => void startSignIn()}>
                Sign in
              </Button>
            )
          }
        />
      </div>

      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <AccountDeletedNotice />
        <section data-landing-section="hero" aria-labelledby="hero-heading" className="px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="text-sm font-medium tracking-wide text-accent uppercase">The AI writing studio that learns your voice</p>
          <h1 id="hero-heading" className="mx-auto mt-3 max-w-3xl font-serif text-display font-semibold tracking-tight text-ink">
            Write faster, and still sound like you.
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
            {name} learns your style from your own samples and rewrites, expands and tightens your drafts in it — with any AI model you choose, including one
            running on your own machine. Open, self-hostable, and calm to write in.
          </p>
          <div className="mt-8 flex justify-center">
            {signedIn ? (
              continueWriting('lg')
            ) : (
              <Button size="lg" onClick={() => signUp()}>
                Try {name} for free
              </Button>
            )}
          </div>
          <p className="mt-3 text-sm text-muted">{signedIn ? 'Your documents are where you left them.' : 'Free to start — no credit card needed.'}</p>
        </section>

        <ProvidersStrip />
        <FeaturesSection productName={name} />
        <AudienceSection />

        <Section
          id="preview"
          name="preview"
          title="Edit with the assistant, keep the final word"
          lead="Every rewrite arrives as a suggestion beside your original."
        >
          <EditorDemo />
        </Section>

        <Section id="testimonials" name="testimonials" tone="cream" title="Writers who kept their voice">
          <Testimonials />
        </Section>

        <Section
          id="compare"
          name="comparison"
          title={`How ${name} compares`}
          lead="What you get from a plain editor, a generic chatbot, and a studio built around your writing."
        >
          <Comparison productName={name} />
        </Section>

        {/* With billing off there is nothing to buy: no plan cards, no prices (docs/PRODUCT.md#landing). */}
        {config.billing.enabled ? <PricingSection action={planAction} /> : <SelfHostedSection productName={name} />}
        <WhySection productName={name} />

        <Section id="faq" name="faq" title="Frequently asked questions">
          <Faq productName={name} billingEnabled={config.billing.enabled} />
        </Section>

        <section
          data-landing-section="cta"
          aria-labelledby="cta-heading"
          className="border-t border-line bg-accent-soft px-4 py-16 text-center sm:px-6 sm:py-20"
        >
          <h2 id="cta-heading" className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-[2rem]">
            Your next draft, in your own voice
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-ink-soft">Bring a few pages you have written and see what the assistant learns from them.</p>
          <div className="mt-8 flex justify-center">
            {signedIn ? (
              continueWriting('lg')
            ) : (
              <Button size="lg" onClick={() => signUp()}>
                Get started
              </Button>
            )}
          </div>
        </section>
      </main>

      <div data-landing-section="footer">
        <SiteFooter />
      </div>
    </div>
  );
}
