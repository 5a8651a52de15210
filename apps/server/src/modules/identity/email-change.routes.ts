import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { CHANGE_EMAIL_PATH, type AccountSettingsService } from './account-settings.service';
import { formField, sendHtml } from './html-forms';
import { escapeHtml, layout } from './pages';
import { IP_LIMITS } from './rate-limit';

export interface EmailChangeRoutesOptions {
  config: Config;
  settings: AccountSettingsService;
  homeUrl: string;
  /** The sign-in pages' CSRF check (throws for a form sent from another site). */
  checkSameOrigin(request: FastifyRequest): void;
  /** The sign-in pages' per-IP rate-limit route config. */
  ipLimit(limit: { max: number; timeWindow: number }): object;
}

/** The page the link opens: one button confirms (opening the link alone never does, as mail scanners open links). */
function confirmPage(input: { homeUrl: string; token: string; oldEmail: string; newEmail: string }): string {
  const body = `<p class="lead">Use ${escapeHtml(input.newEmail)} instead of ${escapeHtml(input.oldEmail)} as the email address of your Bree account.</p>
<form method="post" action="${CHANGE_EMAIL_PATH}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button class="button" type="submit">Confirm new email address</button>
</form>`;
  return layout({ title: 'Confirm your new email', homeUrl: input.homeUrl, body });
}

function changedPage(input: { homeUrl: string; appUrl: string; newEmail: string }): string {
  const body = `<div class="notice" role="status">Your email address is now ${escapeHtml(input.newEmail)}.</div>
<p class="lead">Sign in with this address from now on.</p>
<a class="button" href="${escapeHtml(input.appUrl)}">Continue to Bree</a>`;
  return layout({ title: 'Email address changed', homeUrl: input.homeUrl, body });
}

function failedPage(input: { homeUrl: string; accountUrl: string; reason: 'invalid' | 'taken' }): string {
  const message =
    input.reason === 'taken'
      ? 'Another account uses this email address now, so your address was not changed.'
      : 'This link to change your email address has expired or was already used.';
  const body = `<div class="alert" role="alert">${message}</div>
<p class="lead">Each link works once, for 24 hours. You can ask for a new one in Account settings.</p>
<a class="button" href="${escapeHtml(input.accountUrl)}">Account settings</a>`;
  return layout({ title: 'Email address not changed', homeUrl: input.homeUrl, body });
}

/**
 * The page of the link mailed to a new address (docs/ACCOUNT.md), registered inside the sign-in
 * pages' plugin (same form parser, HTML error pages and 429 pages). GET shows the button; the
 * same-origin POST moves the account to the new address.
 */
export function registerEmailChangeRoutes(app: FastifyInstance, { config, settings, homeUrl, checkSameOrigin, ipLimit }: EmailChangeRoutesOptions): void {
  const appUrl = `${config.publicUrl}/app`;
  const failed = (reply: FastifyReply, reason: 'invalid' | 'taken') =>
    sendHtml(reply, reason === 'taken' ? 409 : 400, failedPage({ homeUrl, accountUrl: `${config.publicUrl}/account`, reason }));

  app.get<{ Querystring: { token?: unknown } }>(CHANGE_EMAIL_PATH, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const link = await settings.checkLink(token);
    if (!link) return failed(reply, 'invalid');
    return sendHtml(reply, 200, confirmPage({ homeUrl, token, ...link }));
  });

  app.post(CHANGE_EMAIL_PATH, { config: { rateLimit: ipLimit(IP_LIMITS.verifyEmail) } }, async (request, reply) => {
    checkSameOrigin(request);
    const result = await settings.confirmEmailChange(formField(request.body, 'token'), (err) => request.log.error({ err }, 'could not mail an address change'));
    if (!result.ok) return failed(reply, result.reason);
    return sendHtml(reply, 200, changedPage({ homeUrl, appUrl, newEmail: result.newEmail }));
  });
}
