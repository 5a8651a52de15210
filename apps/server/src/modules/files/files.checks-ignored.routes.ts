import { checksIgnoredAnswerSchema, checksIgnoredBodySchema, checksIgnoredQuerySchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { requireAuth } from '../../plugins/auth';
import type { ChecksIgnored } from './files.checks-ignored';

/** The Checks findings ignored per document (docs/CHECKS.md "Settings and what is remembered"). */
export const checksIgnoredRoutes: FastifyPluginAsyncZod<{ checksIgnored: ChecksIgnored }> = async (app, { checksIgnored }) => {
  app.get('/checks/ignored', { schema: { querystring: checksIgnoredQuerySchema, response: { 200: checksIgnoredAnswerSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return { ignored: await checksIgnored.list({ tenantId, fileId: req.query.fileId }) };
  });

  app.post(
    '/checks/ignored',
    { schema: { body: z.strictObject(checksIgnoredBodySchema.shape), response: { 200: checksIgnoredAnswerSchema } } },
    async (req) => {
      const { tenantId } = requireAuth(req);
      return { ignored: await checksIgnored.set({ tenantId, ...req.body }) };
    },
  );
};
