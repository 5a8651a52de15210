import { findUnstorableText } from '@bree/contracts';
import { z } from 'zod';
import { commonErrors } from '../../lib/errors';
import { billingErrors } from './billing.errors';

/**
 * The shape of the signed Stripe events Bree applies (docs/BILLING.md). A signature proves who
 * sent an event, not that it is whole: an event Bree cannot read answers 400 before anything is
 * written or its id recorded, never a 500, which Stripe would retry for days. Only the envelope
 * and the fields the handler reads are judged, so a field Bree ignores never holds up an event.
 */

/** Seconds since 1970 that PostgreSQL's timestamptz and JavaScript's Date both hold (up to 9999-12-31). */
const seconds = z.number().int().min(0).max(253_402_300_799);
const id = z.string().min(1);
/** A reference Stripe sends as an id, or expanded as the object itself. */
const reference = z.union([id, z.looseObject({ id })]);
/** Stripe's metadata values are strings; Bree reads the tenant id it put there. */
const metadata = z.looseObject({ tenantId: z.string().optional() }).nullish();

const envelopeSchema = z.object({
  id,
  type: z.string().min(1),
  created: seconds,
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSessionSchema = z.looseObject({ subscription: reference.nullish(), client_reference_id: z.string().nullish(), metadata });
const period = { current_period_start: seconds.nullish(), current_period_end: seconds.nullish() };
/** The event's copy is the fallback when Stripe no longer has the subscription: every field of it that is stored. */
const subscriptionSchema = z.looseObject({
  id,
  status: z.string().min(1),
  customer: reference,
  cancel_at_period_end: z.boolean().optional(),
  ...period,
  items: z.looseObject({ data: z.array(z.looseObject(period)) }).optional(),
  metadata,
});
const invoiceSchema = z.looseObject({ id, customer: reference.nullish() });

export type CheckoutSessionObject = z.infer<typeof checkoutSessionSchema>;
export type SubscriptionObject = z.infer<typeof subscriptionSchema>;
export type InvoiceObject = z.infer<typeof invoiceSchema>;

/** What an event asks of Bree, by its type; any other type is acknowledged and ignored. */
export type HandledObject =
  | { kind: 'checkout'; session: CheckoutSessionObject }
  | { kind: 'subscription'; subscription: SubscriptionObject }
  | { kind: 'invoice'; paid: boolean; invoice: InvoiceObject }
  | { kind: 'ignored' };

/** A signed Stripe event, checked: its id, type and time, and the object of a type Bree handles. */
export interface BillingEvent {
  id: string;
  type: string;
  created: Date;
  handled: HandledObject;
}

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

/** The dotted path of the first problem zod found, like `data.object.customer`. */
function pathOf(error: z.ZodError, prefix: string): string {
  const path = error.issues[0]?.path ?? [];
  return [prefix, ...path.map(String)].filter(Boolean).join('.') || 'body';
}

function objectOf<T>(schema: z.ZodType<T>, object: unknown): T {
  const parsed = schema.safeParse(object);
  if (!parsed.success) throw billingErrors.invalidEvent(pathOf(parsed.error, 'data.object'));
  return parsed.data;
}

function handledOf(type: string, object: unknown): HandledObject {
  if (type === 'checkout.session.completed') return { kind: 'checkout', session: objectOf(checkoutSessionSchema, object) };
  if (SUBSCRIPTION_EVENTS.has(type)) return { kind: 'subscription', subscription: objectOf(subscriptionSchema, object) };
  if (type === 'invoice.paid' || type === 'invoice.payment_failed')
    return { kind: 'invoice', paid: type === 'invoice.paid', invoice: objectOf(invoiceSchema, object) };
  return { kind: 'ignored' };
}

/**
 * Reads a webhook body whose signature was verified: 400 invalid_text for NUL or a broken
 * surrogate anywhere in it (the rule plugins/text-check.ts applies to every parsed body, which
 * this raw one escapes), 400 invalid_webhook_event for anything else Bree cannot apply.
 */
export function parseBillingEvent({ rawBody }: { rawBody: Buffer }): BillingEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw billingErrors.invalidEvent('body');
  }
  const field = findUnstorableText(payload, 'body');
  if (field) throw commonErrors.invalidText(field.replace(/^body\.?/, '') || field);
  const envelope = envelopeSchema.safeParse(payload);
  if (!envelope.success) throw billingErrors.invalidEvent(pathOf(envelope.error, ''));
  const { id: eventId, type, created, data } = envelope.data;
  return { id: eventId, type, created: new Date(created * 1000), handled: handledOf(type, data.object) };
}
