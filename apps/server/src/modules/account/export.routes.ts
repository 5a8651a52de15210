import { ACCOUNT_EXPORT } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import { attachment } from '../files/files.port';
import type { AccountExport } from './export.service';

/**
 * GET /api/account/export (docs/ACCOUNT.md "Export all my data"): the signed-in account's
 * archive, streamed as it is made. The document count goes first, in a header, so the page can
 * show "n of N documents" while the archive arrives. Refusals (409, 429) are JSON, before any byte.
 */
export const exportRoutes: FastifyPluginAsyncZod<{ accountExport: AccountExport }> = async (app, { accountExport }) => {
  app.get(ACCOUNT_EXPORT.path.replace(/^\/api/, ''), async (request, reply) => {
    const auth = requireAuth(request);
    const started = await accountExport.start({ tenantId: auth.tenantId, email: auth.email ?? null, name: auth.name ?? null });
    return reply
      .header('content-disposition', attachment(started.filename))
      .header(ACCOUNT_EXPORT.documentsHeader, String(started.documents))
      .header('cache-control', 'no-store')
      .type('application/gzip')
      .send(started.stream);
  });
};
