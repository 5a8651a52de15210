import { DELETE_ACCOUNT_PATH, DELETE_ACCOUNT_RATE_LIMIT, deleteAccountAnswerSchema, deleteAccountBodySchema } from '@bree/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import type { AccountDeletion } from './deletion.service';

/** Counted per account: each attempt costs a password check, and a wrong password one try. */
const deletionRateLimit = {
  ...DELETE_ACCOUNT_RATE_LIMIT,
  keyGenerator: (request: FastifyRequest) => `account-delete:${request.auth?.tenantId ?? request.ip}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    commonErrors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000)), 'Too many attempts to delete this account. Please wait a few minutes.'),
};

/**
 * POST /api/account/delete (docs/ACCOUNT.md "Delete my account"). Not deduplicated by
 * X-Operation-Id: the remembered answer would be written under the tenant just deleted. A retry
 * is safe without it: every step finds its rows already gone, and once the account row is gone
 * the request's own token is refused (401), as for sign-out everywhere.
 */
export const deletionRoutes: FastifyPluginAsyncZod<{ deletion: AccountDeletion }> = async (app, { deletion }) => {
  app.post(
    DELETE_ACCOUNT_PATH,
    {
      config: { replay: false, rateLimit: deletionRateLimit },
      schema: { body: deleteAccountBodySchema, response: { 200: deleteAccountAnswerSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      return deletion.deleteAccount({ auth, email: request.body.email, password: request.body.password });
    },
  );
};
