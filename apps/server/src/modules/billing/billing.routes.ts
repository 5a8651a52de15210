import {
  billingUsageAnswerSchema,
  billingUsageQuerySchema,
  budgetAnswerSchema,
  checkoutSessionAnswerSchema,
  checkoutSessionParamsSchema,
  createCheckoutSessionAnswerSchema,
  createCheckoutSessionBodySchema,
  createPortalSessionAnswerSchema,
  createPortalSessionBodySchema,
  initializeWelcomeAnswerSchema,
  initializeWelcomeBodySchema,
  setSpendingLimitAnswerSchema,
  setSpendingLimitBodySchema,
  subscriptionStatusAnswerSchema,
  tokenBalanceAnswerSchema,
  webhookAnswerSchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import type { BillingService } from './billing.service';

/** The billing calls of docs/PRODUCT.md#billing plus budget data, the spending limit and the usage report. */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  app.post(
    '/billing/initialize-welcome',
    { schema: { body: z.nullish(initializeWelcomeBodySchema), response: { 200: initializeWelcomeAnswerSchema } } },
    // The web sends no body (null); `{}` is accepted too.
    async (req) => billing.initializeWelcome({ tenantId: requireAuth(req).tenantId, by: 'initialize-welcome' }),
  );

  app.post(
    '/billing/create-checkout-session',
    { schema: { body: createCheckoutSessionBodySchema, response: { 200: createCheckoutSessionAnswerSchema } } },
    async (req) => {
      const { tenantId, email } = requireAuth(req);
      return billing.createCheckout({ tenantId, email });
    },
  );

  app.post(
    '/billing/create-portal-session',
    { schema: { body: z.nullish(createPortalSessionBodySchema), response: { 200: createPortalSessionAnswerSchema } } },
    async (req) => billing.createPortal({ tenantId: requireAuth(req).tenantId }),
  );

  app.get('/billing/subscription-status', { schema: { response: { 200: subscriptionStatusAnswerSchema } } }, async (req) =>
    billing.subscriptionStatus({ tenantId: requireAuth(req).tenantId }),
  );

  app.get('/billing/token-balance', { schema: { response: { 200: tokenBalanceAnswerSchema } } }, async (req) =>
    billing.tokenBalance({ tenantId: requireAuth(req).tenantId }),
  );

  app.get('/billing/budget', { schema: { response: { 200: budgetAnswerSchema } } }, async (req) => billing.budget({ tenantId: requireAuth(req).tenantId }));

  app.post('/billing/spending-limit', { schema: { body: setSpendingLimitBodySchema, response: { 200: setSpendingLimitAnswerSchema } } }, async (req) =>
    billing.setSpendingLimit({ tenantId: requireAuth(req).tenantId, spendingLimit: req.body.spendingLimit }),
  );

  app.get('/billing/checkout-session/:id', { schema: { params: checkoutSessionParamsSchema, response: { 200: checkoutSessionAnswerSchema } } }, async (req) =>
    billing.checkoutSession({ tenantId: requireAuth(req).tenantId, id: req.params.id }),
  );

  app.get('/billing/usage', { schema: { querystring: billingUsageQuerySchema, response: { 200: billingUsageAnswerSchema } } }, async (req) =>
    billing.usage({ tenantId: requireAuth(req).tenantId, period: req.query.period }),
  );

  app.get('/billing/usage.csv', { schema: { querystring: billingUsageQuerySchema } }, async (req, reply) => {
    const { period, csv } = await billing.usageCsv({ tenantId: requireAuth(req).tenantId, period: req.query.period });
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="bree-usage-${period}.csv"`).send(csv);
  });

  // Stripe calls this, not a signed-in user: no bearer token or tenant (the signature proves the
  // sender, the event names the customer), and no X-Operation-Id replay (events dedupe by event id).
  // The signature covers the exact bytes, so this route alone reads its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post('/billing/webhook', { config: { public: true }, schema: { response: { 200: webhookAnswerSchema } } }, async (req) => {
      const signature = req.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      return billing.handleWebhook({ rawBody, signature: typeof signature === 'string' ? signature : undefined });
    });
  });
};
