import { successSchema } from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import type { AccountSessions } from './account-sessions';

/** Where the signed-in account ends every session of its own (embedded issuer only). */
export const SIGN_OUT_EVERYWHERE_PATH = '/account/sign-out-everywhere';

/**
 * POST /api/account/sign-out-everywhere: every session, refresh token and access token of the
 * caller's account ends, this request's token included, in every Bree process. It needs no
 * X-Operation-Id: a retry or a replayed copy carries the token it ended and is refused (401), so it
 * can never end a later session; a remembered answer could not be given to it either.
 */
export const accountSessionRoutes: FastifyPluginAsyncZod<{ accountSessions: AccountSessions }> = async (app, { accountSessions }) => {
  app.post(SIGN_OUT_EVERYWHERE_PATH, { config: { replay: false }, schema: { response: { 200: successSchema } } }, async (request) => {
    const { sub } = requireAuth(request);
    if (!(await accountSessions.signOutEverywhere({ userId: sub }))) throw commonErrors.invalidToken();
    return { success: true as const };
  });
};
