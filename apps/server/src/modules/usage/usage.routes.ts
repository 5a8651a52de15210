import { usageCurrentAnswerSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { UsageService } from './usage.service';

/** The usage record of the current month (docs/PRODUCT.md#billing GET /usage/current). */
export const usageRoutes: FastifyPluginAsyncZod<{ usage: UsageService }> = async (app, { usage }) => {
  app.get('/usage/current', { schema: { response: { 200: usageCurrentAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return usage.current({ tenantId });
  });
};
