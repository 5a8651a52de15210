import { Card } from '../../ui/Card';
import { PLAN_CARDS, PlanCard } from '../billing/PlanCard';
import { AUDIENCES, FEATURES, PROVIDERS, REASONS, SELF_HOSTED, withProductName } from './content';
import { Section } from './Section';
import type { ReactNode } from 'react';

/** The AI providers strip: the models Bree runs on, as plain wordmarks. */
export function ProvidersStrip() {
  return (
    <section aria-labelledby="providers-heading" data-landing-section="providers" className="border-t border-line bg-cream px-4 py-8 sm:px-6">
      <h2 id="providers-heading" className="text-center text-sm font-medium text-muted">
        Works with the models you choose — hosted or running on your own machine
      </h2>
      <ul className="mx-auto mt-4 flex max-w-4xl flex-wrap justify-center gap-x-8 gap-y-3">
        {PROVIDERS.map((provider) => (
          <li key={provider} className="font-serif text-lg font-semibold text-ink-soft">
            {provider}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The four feature cards in a two-column grid; the section is the header's Features anchor (#services). */
export function FeaturesSection({ productName }: { productName: string }) {
  return (
    <Section
      id="services"
      name="features"
      title="Everything a draft needs, in your voice"
      lead="Four tools that work together, from the first idea to the final cut."
    >
      <ul className="grid gap-5 md:grid-cols-2">
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <Card className="h-full">
              <h3 className="font-serif text-xl font-semibold text-ink">{feature.title}</h3>
              <p className="mt-2 text-ink-soft">{withProductName(feature.body, productName)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Who it is for. */
export function AudienceSection() {
  return (
    <Section
      id="who"
      name="audience"
      tone="cream"
      title="Made for people who write for a living"
      lead="And for everyone who wants their writing to keep sounding like them."
    >
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {AUDIENCES.map((audience) => (
          <li key={audience.title} className="rounded-lg border border-line bg-surface p-5">
            <h3 className="font-semibold text-ink">{audience.title}</h3>
            <p className="mt-2 text-sm text-ink-soft">{audience.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Pricing with the cards /subscription shows too; one is featured with its badge. */
export function PricingSection({ action }: { action: (featured: boolean) => ReactNode }) {
  return (
    <Section id="pricing" name="pricing" title="Simple pricing" lead="Start free. Upgrade when the assistant becomes part of your day.">
      <ul className="grid gap-5 md:grid-cols-3">
        {PLAN_CARDS.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} headingLevel={3}>
              {plan.id !== 'PAYG' && action(plan.featured)}
            </PlanCard>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The pricing section of a Bree with billing off: what self-hosted means here, and no price. */
export function SelfHostedSection({ productName }: { productName: string }) {
  return (
    <Section id="pricing" name="pricing" title={SELF_HOSTED.title} lead={withProductName(SELF_HOSTED.lead, productName)}>
      <ul className="grid gap-5 md:grid-cols-3">
        {SELF_HOSTED.points.map((point) => (
          <li key={point.title} className="rounded-lg border border-line bg-surface p-5">
            <h3 className="font-semibold text-ink">{point.title}</h3>
            <p className="mt-2 text-sm text-ink-soft">{point.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Why choose the product. */
export function WhySection({ productName }: { productName: string }) {
  return (
    <Section id="why" name="why" tone="cream" title={`Why writers choose ${productName}`}>
      <ul className="grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
        {REASONS.map((reason) => (
          <li key={reason.title}>
            <h3 className="font-semibold text-ink">{reason.title}</h3>
            <p className="mt-2 text-ink-soft">{withProductName(reason.body, productName)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
