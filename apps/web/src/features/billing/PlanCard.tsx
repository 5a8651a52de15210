import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';

/** The plans in the words of docs/PRODUCT.md#billing: the dollar credit, with the call caps as the second description beside it. */
export const PLAN_CARDS = [
  { id: 'FREE', name: 'Free', price: '$0', detail: '$1.00 AI credit, no credit card', caps: '50 fast calls and 10 premium calls per month', featured: false },
  {
    id: 'PRO',
    name: 'Pro',
    price: '$20 / month',
    badge: 'Beta pricing',
    detail: '$20.00 AI credit per month',
    caps: '1,000 fast calls, 250 premium calls, 200 voice minutes and workspaces',
    featured: true,
  },
  {
    id: 'PAYG',
    name: 'Pay-as-you-go',
    price: '≈ 1¢ per call',
    detail: 'Set your own spending limit; used once the Pro budget runs out',
    caps: 'Available to Pro subscribers',
    featured: false,
  },
] as const;

export type PlanCardData = (typeof PLAN_CARDS)[number];
export type PlanCardId = PlanCardData['id'];

/**
 * One plan's card, shared by the landing page and /subscription (docs/PRODUCT.md#billing). It
 * imports nothing but the design tokens, so the landing page stays free of the billing hooks.
 * `children` is the card's foot: the subscription's Upgrade button, or the landing's call to action.
 */
export function PlanCard({ plan, headingLevel = 2, children }: { plan: PlanCardData; headingLevel?: 2 | 3; children?: ReactNode }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className={cn('flex h-full flex-col', plan.featured && 'border-accent ring-1 ring-accent')} data-featured={plan.featured || undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-serif text-xl font-semibold text-ink">{plan.name}</Heading>
        {'badge' in plan && <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white">{plan.badge}</span>}
      </div>
      <p className="mt-2 text-2xl font-semibold text-ink">{plan.price}</p>
      <p className="mt-2 text-sm text-ink-soft">{plan.detail}</p>
      <p className="mt-1 text-sm text-muted">{plan.caps}</p>
      {children && <div className="mt-auto pt-4">{children}</div>}
    </Card>
  );
}
