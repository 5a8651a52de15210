import { searchStatusSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../plugins/auth';
import type { SemanticSearchService } from './semantic.service';

/** GET /api/search/status: whether search by meaning works on this server and how far the tenant's index is ('Indexing 120 of 480 documents'). */
export const semanticRoutes: FastifyPluginAsyncZod<{ semantic: Pick<SemanticSearchService, 'status'> }> = async (app, { semantic }) => {
  app.get('/search/status', { schema: { response: { 200: searchStatusSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return semantic.status({ tenantId });
  });
};
