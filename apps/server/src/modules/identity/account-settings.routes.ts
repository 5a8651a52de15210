import { accountSummarySchema, ACCOUNT_PATHS, changeEmailAnswerSchema, changeEmailBodySchema, changePasswordBodySchema, successSchema } from '@bree/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { commonErrors } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import type { AccountSettingsService } from './account-settings.service';
import { GRANT_CLAIM } from './provider';

/** The grant the caller's (already verified) access token was minted from: "this device", which a password change keeps. */
function callerGrantId(request: FastifyRequest): string {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const grantId = token ? decodeJwt(token)[GRANT_CLAIM] : undefined;
  if (typeof grantId !== 'string') throw commonErrors.invalidToken();
  return grantId;
}

/**
 * The account settings of Bree's own sign-in (docs/ACCOUNT.md), for the signed-in account only:
 * every route acts on the token's `sub`, never on an id from the request. Both changes replay by
 * X-Operation-Id (docs/REPLAYS.md): a retried change answers as the first did.
 */
export const accountSettingsRoutes: FastifyPluginAsyncZod<{ settings: AccountSettingsService }> = async (app, { settings }) => {
  app.get(ACCOUNT_PATHS.summary, { schema: { response: { 200: accountSummarySchema } } }, async (request) =>
    settings.summary({ userId: requireAuth(request).sub }),
  );

  app.post(ACCOUNT_PATHS.password, { schema: { body: changePasswordBodySchema, response: { 200: successSchema } } }, async (request) => {
    const { sub } = requireAuth(request);
    await settings.changePassword({
      userId: sub,
      keepGrantId: callerGrantId(request),
      currentPassword: request.body.currentPassword,
      newPassword: request.body.newPassword,
      onError: (err) => request.log.error({ err }, 'could not mail the password-changed notice'),
    });
    return { success: true as const };
  });

  app.post(ACCOUNT_PATHS.email, { schema: { body: changeEmailBodySchema, response: { 200: changeEmailAnswerSchema } } }, async (request) =>
    settings.requestEmailChange({
      userId: requireAuth(request).sub,
      newEmail: request.body.newEmail,
      currentPassword: request.body.currentPassword,
      onError: (err) => request.log.error({ err }, 'could not mail an address change'),
    }),
  );
};
