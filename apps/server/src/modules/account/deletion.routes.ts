import { DELETE_ACCOUNT_PATH, deleteAccountAnswerSchema, deleteAccountBodySchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { AccountDeletion } from './deletion.service';

/**
 * POST /api/account/delete (docs/ACCOUNT.md "Delete my account"). Not deduplicated by
 * X-Operation-Id: the remembered answer would be written under the tenant just deleted. A retry
 * is safe without it: every step finds its rows already gone, and once the account row is gone
 * the request's own token is refused (401), as for sign-out everywhere. Attempts are limited per
 * account by the service (a wrong password costs one), not per request: a malformed body never counts.
 */
export const deletionRoutes: FastifyPluginAsyncZod<{ deletion: AccountDeletion }> = async (app, { deletion }) => {
  app.post(
    DELETE_ACCOUNT_PATH,
    {
      config: { replay: false },
      schema: { body: deleteAccountBodySchema, response: { 200: deleteAccountAnswerSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return deletion.deleteAccount({ auth, email: request.body.email, password: request.body.password });
    },
  );
};
