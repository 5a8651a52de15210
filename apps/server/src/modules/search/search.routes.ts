import { hybridSearchBodySchema, searchResponseSchema, searchSettingsSchema, textSearchBodySchema, vectorSearchBodySchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { SearchService } from './search.service';

const answer = { 200: searchResponseSchema };

/** Search over the tenant's documents (docs/PRODUCT.md#search) and its search language. Searches are reads sent as POST: no replay. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.post('/search/text', { config: { replay: false }, schema: { body: textSearchBodySchema, response: answer } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return search.text({ ...req.body, tenantId });
  });

  app.post('/search/vector', { config: { replay: false }, schema: { body: vectorSearchBodySchema, response: answer } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return search.vector({ ...req.body, tenantId });
  });

  app.post('/search/hybrid', { config: { replay: false }, schema: { body: hybridSearchBodySchema, response: answer } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return search.hybrid({ ...req.body, tenantId });
  });

  app.get('/search/settings', { schema: { response: { 200: searchSettingsSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return search.settings({ tenantId });
  });

  app.put('/search/settings', { schema: { body: searchSettingsSchema, response: { 200: searchSettingsSchema } } }, async (req) => {
    const { tenantId } = requireAuth(req);
    return search.updateSettings({ tenantId, language: req.body.language });
  });
};
