import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isValidEmail, normalizeEmail } from './accounts.service';
import { VERIFY_EMAIL_PATH, type EmailVerificationService } from './email-verification.service';
import { formField, sendHtml } from './html-forms';
import { IP_LIMITS } from './rate-limit';
import {
  renderConfirmEmailPage,
  renderEmailVerifiedPage,
  renderResendVerificationPage,
  renderVerificationSentPage,
  renderVerifyLinkInvalidPage,
} from './verification-pages';

/** "Send the link again" (from an expired link, or from the app for a signed-in writer). */
export const RESEND_VERIFICATION_PATH = `${VERIFY_EMAIL_PATH}/resend`;

export interface EmailVerificationRoutesOptions {
  config: Config;
  verification: EmailVerificationService;
  homeUrl: string;
  /** The sign-in pages' CSRF check (throws for a form sent from another site). */
  checkSameOrigin(request: FastifyRequest): void;
  /** The sign-in pages' per-IP rate-limit route config. */
  ipLimit(limit: { max: number; timeWindow: number }): object;
}

/**
 * The page a verification link opens and "send the link again", registered inside the sign-in
 * pages' plugin (same form parser, HTML error pages and 429 pages).
 */
export function registerEmailVerificationRoutes(
  app: FastifyInstance,
  { config, verification, homeUrl, checkSameOrigin, ipLimit }: EmailVerificationRoutesOptions,
): void {
  const appUrl = `${config.publicUrl}/app`;
  const invalidLink = (reply: FastifyReply) => sendHtml(reply, 400, renderVerifyLinkInvalidPage({ homeUrl, resendUrl: RESEND_VERIFICATION_PATH }));
  const resendPage = (extra: { email?: string; error?: { message: string } } = {}) =>
    renderResendVerificationPage({ action: RESEND_VERIFICATION_PATH, homeUrl, appUrl, canSend: verification.canSendLinks, ...extra });

  // GET only shows the button (mail scanners that open links confirm nothing); POST uses the link.
  app.get<{ Querystring: { token?: unknown } }>(VERIFY_EMAIL_PATH, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const link = await verification.checkLink(token);
    if (!link) return invalidLink(reply);
    return sendHtml(reply, 200, renderConfirmEmailPage({ action: VERIFY_EMAIL_PATH, homeUrl, token, email: link.email }));
  });

  app.post(VERIFY_EMAIL_PATH, { config: { rateLimit: ipLimit(IP_LIMITS.verifyEmail) } }, async (request, reply) => {
    checkSameOrigin(request);
    const verified = await verification.verify(formField(request.body, 'token'));
    if (!verified) return invalidLink(reply);
    return sendHtml(reply, 200, renderEmailVerifiedPage({ homeUrl, appUrl, email: verified.email }));
  });

  app.get(RESEND_VERIFICATION_PATH, async (_request, reply) => sendHtml(reply, 200, resendPage()));

  app.post(RESEND_VERIFICATION_PATH, { config: { rateLimit: ipLimit(IP_LIMITS.verifyEmail) } }, async (request, reply) => {
    checkSameOrigin(request);
    if (!verification.canSendLinks) return sendHtml(reply, 200, resendPage());
    const email = formField(request.body, 'email');
    if (!isValidEmail(normalizeEmail(email))) return sendHtml(reply, 400, resendPage({ email, error: { message: 'Enter a valid email address.' } }));
    // Not awaited: the answer comes as fast whether or not the address has an account.
    verification.resendInBackground(email, (err) => request.log.error({ err }, 'could not send an email-verification link'));
    return sendHtml(reply, 200, renderVerificationSentPage({ homeUrl, appUrl }));
  });
}
