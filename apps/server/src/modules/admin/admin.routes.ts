import {
  accessAnswerSchema,
  dailySignupsAnswerSchema,
  dailySignupsQuerySchema,
  rangeQuerySchema,
  totalsAnswerSchema,
  userIdParamsSchema,
  userListAnswerSchema,
  userListQuerySchema,
  userLookupAnswerSchema,
  userLookupQuerySchema,
  userUsageAnswerSchema,
} from '@bree/contracts';
import { auditParam } from '../../plugins/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { AdminService } from './admin.service';

/**
 * /api/admin/users/* (docs/PRODUCT.md#admin): metrics and user lists over every account. The admin guard
 * (plugins/admin.ts) has already refused everyone but administrators; these routes never check it.
 * GET /api/users/access tells any signed-in account what it may open.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService; publishingTenant: string | undefined }> = async (app, { admin, publishingTenant }) => {
  app.get('/users/access', { schema: { response: { 200: accessAnswerSchema } } }, async (req) => {
    const { isAdmin, tenantId } = requireAuth(req);
    return { isAdmin, canPublish: isAdmin && tenantId === publishingTenant, publishingTenantSet: isAdmin && publishingTenant !== undefined };
  });

  app.get('/admin/users/totals', { schema: { querystring: rangeQuerySchema, response: { 200: totalsAnswerSchema } } }, async (req) => ({
    success: true as const,
    data: await admin.totals({ range: req.query.range }),
    message: `Totals of the last ${req.query.range}`,
  }));

  app.get('/admin/users/list', { schema: { querystring: userListQuerySchema, response: { 200: userListAnswerSchema } } }, async (req) => ({
    success: true as const,
    data: await admin.list(req.query),
  }));

  app.get('/admin/users/dailySignups', { schema: { querystring: dailySignupsQuerySchema, response: { 200: dailySignupsAnswerSchema } } }, async (req) => ({
    success: true as const,
    data: await admin.dailySignups(req.query),
  }));

  app.get(
    '/admin/users/lookup',
    {
      schema: { querystring: userLookupQuerySchema, response: { 200: userLookupAnswerSchema } },
      config: { audit: { action: 'usage.lookup', target: (req) => (req.query as { email: string }).email } },
    },
    async (req) => ({
      success: true as const,
      data: await admin.lookup({ email: req.query.email }),
    }),
  );

  app.get(
    '/admin/users/:userId/usage',
    {
      schema: { params: userIdParamsSchema, response: { 200: userUsageAnswerSchema } },
      config: { audit: { action: 'usage.view', target: auditParam('userId') } },
    },
    async (req) => ({
      success: true as const,
      data: await admin.usage({ userId: req.params.userId }),
    }),
  );
};
