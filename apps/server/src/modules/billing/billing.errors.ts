import { AppError } from '../../lib/errors';

/** Errors of the billing domain. */
export const billingErrors = {
  notConfigured: () =>
    new AppError({
      status: 503,
      code: 'billing_not_configured',
      message: 'Billing is not configured on this server (STRIPE_SECRET_KEY is not set); every account uses the server plan.',
    }),
  providerError: () =>
    new AppError({
      status: 502,
      code: 'billing_provider_error',
      message: 'The payment provider could not complete the request. Nothing was changed; try again.',
    }),
  invalidSignature: () =>
    new AppError({ status: 400, code: 'invalid_signature', message: 'The webhook signature is missing, does not match, or is older than 300 seconds.' }),
  invalidEvent: (field: string) =>
    new AppError({
      status: 400,
      code: 'invalid_webhook_event',
      message: `The signed webhook event is not of a shape Bree can apply ('${field}' is missing or of the wrong type); nothing was recorded.`,
      details: { field },
    }),
  alreadySubscribed: () =>
    new AppError({ status: 409, code: 'already_subscribed', message: 'This account already has a subscription; manage it in the billing portal.' }),
  noCustomer: () => new AppError({ status: 409, code: 'no_billing_customer', message: 'This account has no billing details yet; subscribe first.' }),
  sessionNotFound: () => new AppError({ status: 404, code: 'checkout_session_not_found', message: 'No checkout session of this account has this id.' }),
};
