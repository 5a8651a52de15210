import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isValidEmail, normalizeEmail } from './accounts.service';
import { formField, leaveNotice, sendHtml } from './html-forms';
import {
  renderAskAdministratorPage,
  renderForgotPasswordPage,
  renderNewPasswordPage,
  renderResetLinkInvalidPage,
  renderResetLinkSentPage,
  type ForgotPasswordTarget,
  type FormError,
} from './pages';
import { RESET_PASSWORD_PATH, type PasswordResetService, type ResetFailure } from './password-reset.service';
import { IP_LIMITS } from './rate-limit';

/** The standalone "Forgot password?" page (from an invalid reset link, outside any sign-in). */
export const FORGOT_PASSWORD_PATH = '/interaction/forgot-password';

const INVALID_EMAIL: FormError = { field: 'email', message: 'Enter a valid email address.' };
const NEW_PASSWORD_ERRORS: Record<Exclude<ResetFailure, 'invalid_link'>, FormError> = {
  password_too_short: { field: 'password', message: 'Password must be at least 8 characters.' },
  password_too_long: { field: 'password', message: 'Password must be at most 1024 characters.' },
  passwords_differ: { field: 'confirmation', message: 'The two passwords do not match.' },
};

/** Inside a sign-in (uid) the forgot-password pages lead back to it; standalone, to the app, which starts one. */
export function forgotPasswordTarget(config: Config, uid: string | undefined): ForgotPasswordTarget {
  if (uid === undefined) return { action: FORGOT_PASSWORD_PATH, backUrl: `${config.publicUrl}/app` };
  const base = `/interaction/${encodeURIComponent(uid)}`;
  return { action: `${base}/forgot`, backUrl: `${base}/login` };
}

export interface PasswordResetRoutesOptions {
  config: Config;
  passwordReset: PasswordResetService;
  homeUrl: string;
  /** The sign-in pages' CSRF check (throws for a form sent from another site). */
  checkSameOrigin(request: FastifyRequest): void;
  /** The sign-in pages' per-IP rate-limit route config. */
  ipLimit(limit: { max: number; timeWindow: number }): object;
}

/**
 * "Forgot password?" and the page a reset link opens, registered inside the sign-in pages'
 * plugin (same form parser, HTML error pages and 429 pages).
 */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  { config, passwordReset, homeUrl, checkSameOrigin, ipLimit }: PasswordResetRoutesOptions,
): void {
  const forgotTarget = (uid?: string) => forgotPasswordTarget(config, uid);
  const secureCookie = config.publicUrl.startsWith('https://');

  // Forgot password. Without a mail server the page says to ask the administrator (who runs
  // `npm run reset-password`). With one, the answer never tells whether the account exists.
  const showForgotPage = (reply: FastifyReply, target: ForgotPasswordTarget) =>
    sendHtml(reply, 200, passwordReset.canSendLinks ? renderForgotPasswordPage({ target, homeUrl }) : renderAskAdministratorPage({ target, homeUrl }));

  async function requestResetLink(request: FastifyRequest, reply: FastifyReply, target: ForgotPasswordTarget) {
    checkSameOrigin(request);
    if (!passwordReset.canSendLinks) return sendHtml(reply, 200, renderAskAdministratorPage({ target, homeUrl }));
    const email = formField(request.body, 'email');
    if (!isValidEmail(normalizeEmail(email))) {
      return sendHtml(reply, 400, renderForgotPasswordPage({ target, homeUrl, email, error: INVALID_EMAIL }));
    }
    // Not awaited: the answer comes as fast for unknown addresses as for accounts.
    passwordReset.requestResetInBackground(email, (err) => request.log.error({ err }, 'could not send a password-reset email'));
    return sendHtml(reply, 200, renderResetLinkSentPage({ target, homeUrl }));
  }

  app.get<{ Params: { uid: string } }>('/interaction/:uid/forgot', async (request, reply) => showForgotPage(reply, forgotTarget(request.params.uid)));
  app.get(FORGOT_PASSWORD_PATH, async (_request, reply) => showForgotPage(reply, forgotTarget(undefined)));
  app.post<{ Params: { uid: string } }>('/interaction/:uid/forgot', { config: { rateLimit: ipLimit(IP_LIMITS.forgotPassword) } }, async (request, reply) =>
    requestResetLink(request, reply, forgotTarget(request.params.uid)),
  );
  app.post(FORGOT_PASSWORD_PATH, { config: { rateLimit: ipLimit(IP_LIMITS.forgotPassword) } }, async (request, reply) =>
    requestResetLink(request, reply, forgotTarget(undefined)),
  );

  // The link from the mail: GET shows the form (and never uses the link, so mail scanners that
  // open links do no harm); POST sets the password and uses the link up.
  const invalidLink = (reply: FastifyReply) => sendHtml(reply, 400, renderResetLinkInvalidPage({ homeUrl, requestUrl: FORGOT_PASSWORD_PATH }));

  app.get<{ Querystring: { token?: unknown } }>(RESET_PASSWORD_PATH, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const link = await passwordReset.checkLink(token);
    if (!link) return invalidLink(reply);
    return sendHtml(reply, 200, renderNewPasswordPage({ action: RESET_PASSWORD_PATH, homeUrl, token, email: link.email }));
  });

  app.post(RESET_PASSWORD_PATH, { config: { rateLimit: ipLimit(IP_LIMITS.resetPassword) } }, async (request, reply) => {
    checkSameOrigin(request);
    const token = formField(request.body, 'token');
    const link = await passwordReset.checkLink(token);
    if (!link) return invalidLink(reply);
    const result = await passwordReset.resetPassword({
      token,
      password: formField(request.body, 'password'),
      confirmation: formField(request.body, 'confirmation'),
    });
    if (!result.ok) {
      if (result.reason === 'invalid_link') return invalidLink(reply);
      const error = NEW_PASSWORD_ERRORS[result.reason];
      return sendHtml(reply, 400, renderNewPasswordPage({ action: RESET_PASSWORD_PATH, homeUrl, token, email: link.email, error }));
    }
    // On to the app, which starts a sign-in; its page then says the password was changed.
    leaveNotice(reply, 'password_changed', secureCookie);
    return reply.header('cache-control', 'no-store').redirect(`${config.publicUrl}/app`, 303);
  });
}
