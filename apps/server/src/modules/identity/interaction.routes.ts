import { replaceUnstorableText } from '@bree/contracts';
import { readFile } from 'node:fs/promises';
import formbody from '@fastify/formbody';
import type {} from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config';
import { AppError, isAppError } from '../../lib/errors';
import { toErrorAnswer } from '../../plugins/errors';
import { normalizeEmail, type AccountsService, type RegisterFailure } from './accounts.service';
import type { AccountSettingsService } from './account-settings.service';
import { registerEmailChangeRoutes } from './email-change.routes';
import { registerEmailVerificationRoutes } from './email-verification.routes';
import type { EmailVerificationService } from './email-verification.service';
import { renderCheckEmailPage } from './verification-pages';
import { apiResourceIndicator, ensureGrant } from './grants';
import { formField, sendHtml, takeNotice } from './html-forms';
import { ASSET_PREFIX, renderErrorPage, renderForgotPasswordPage, renderSignInPage, renderSignUpPage, type FormError } from './pages';
import { FORGOT_PASSWORD_PATH, forgotPasswordTarget, registerPasswordResetRoutes } from './password-reset.routes';
import { RESET_PASSWORD_PATH, type PasswordResetService } from './password-reset.service';
import { IP_LIMITS, TOO_MANY_ATTEMPTS, TOO_MANY_RESETS, type AccountLimiter } from './rate-limit';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

export interface InteractionRoutesOptions {
  config: Config;
  provider: Provider;
  accounts: AccountsService;
  limiter: AccountLimiter;
  passwordReset: PasswordResetService;
  verification: EmailVerificationService;
  /** The account settings: the page of the link that moves an account to a new address. */
  settings: AccountSettingsService;
}

const INCORRECT = 'Incorrect email or password.';
const SIGN_UP_ERRORS: Record<RegisterFailure, FormError> = {
  invalid_email: { field: 'email', message: 'Enter a valid email address.' },
  password_too_short: { field: 'password', message: 'Password must be at least 8 characters.' },
  password_too_long: { field: 'password', message: 'Password must be at most 1024 characters.' },
  name_too_long: { field: 'name', message: 'Name must be at most 100 characters.' },
  email_taken: { field: 'email', message: 'An account with this email already exists.' },
};

const expired = () => new AppError({ status: 400, code: 'interaction_expired', message: 'This sign-in page has expired. Please start again.' });
const crossSite = () =>
  new AppError({ status: 403, code: 'cross_site_form', message: 'This form was sent from another site, so it was ignored. Please start again.' });
const tooMany = (retryAfterSeconds: number) =>
  new AppError({ status: 429, code: 'rate_limited', message: TOO_MANY_ATTEMPTS, headers: { 'retry-after': String(retryAfterSeconds) } });

/**
 * The sign-in and create-account pages of the embedded issuer (GET/POST /interaction/:uid…)
 * and their static assets. Encapsulated: the form parser and the HTML error pages apply
 * only here.
 */
export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (
  app,
  { config, provider, accounts, limiter, passwordReset, verification, settings },
) => {
  const homeUrl = `${config.publicUrl}/`;
  const siteOrigin = new URL(config.publicUrl).origin;
  const secureCookie = config.publicUrl.startsWith('https://');
  const assets = new Map(
    await Promise.all(
      [
        ['auth.css', 'text/css; charset=utf-8'],
        ['autosubmit.js', 'text/javascript; charset=utf-8'],
      ].map(async ([file, type]) => [file!, { type: type!, body: await readFile(new URL(`./assets/${file}`, import.meta.url)) }] as const),
    ),
  );

  await app.register(formbody, { bodyLimit: 16 * 1024 });

  app.setErrorHandler(async (error, request, reply) => {
    // The API's reading of the error (a database that cannot be reached is a 503 to retry, not a failure).
    const answer = toErrorAnswer(error);
    const { status } = answer;
    for (const [k, v] of Object.entries(answer.headers ?? {})) void reply.header(k, v);
    if (status >= 500) request.log[answer.code === 'service_unavailable' ? 'warn' : 'error']({ err: error }, 'sign-in page failed');
    const uid = (request.params as { uid?: unknown } | undefined)?.uid;
    // Too many attempts, or text that cannot be stored: show the form again with the message,
    // keeping what was typed (without the characters that were refused).
    const formProblem = status === 429 ? TOO_MANY_ATTEMPTS : isAppError(error) && error.code === 'invalid_text' ? error.message : null;
    if (formProblem && request.method === 'POST') {
      const route = request.routeOptions.url ?? '';
      const email = replaceUnstorableText(formField(request.body, 'email'));
      if (status === 429 && (route === '/interaction/:uid/forgot' || route === FORGOT_PASSWORD_PATH)) {
        const target = forgotPasswordTarget(config, typeof uid === 'string' ? uid : undefined);
        return sendHtml(reply, 429, renderForgotPasswordPage({ target, homeUrl, email, error: { message: TOO_MANY_RESETS } }));
      }
      if (status === 429 && route === RESET_PASSWORD_PATH) {
        return sendHtml(reply, 429, renderErrorPage({ homeUrl, title: 'Too many attempts', message: TOO_MANY_RESETS }));
      }
      if (typeof uid === 'string' && (route.endsWith('/signup') || route.endsWith('/login'))) {
        const formError: FormError = { message: formProblem };
        const page = route.endsWith('/signup')
          ? renderSignUpPage({ uid, homeUrl, email, name: replaceUnstorableText(formField(request.body, 'name')), error: formError })
          : renderSignInPage({ uid, homeUrl, email, error: formError });
        return sendHtml(reply, status, page);
      }
    }
    const message =
      (isAppError(error) && status < 500) || answer.code === 'service_unavailable'
        ? answer.message
        : status < 500
          ? 'The request could not be read. Please start again.'
          : 'Something went wrong. Please try again.';
    return sendHtml(reply, status, renderErrorPage({ homeUrl, title: 'Sign-in problem', message }));
  });

  /** The interaction this request belongs to: the uid in the path must be the one in oidc-provider's cookie. */
  async function loadInteraction(request: UidRequest, reply: FastifyReply): Promise<Interaction> {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      throw expired();
    }
    if (interaction.uid !== request.params.uid) throw expired();
    return interaction;
  }

  /** CSRF defence on top of the interaction cookie: a browser's Origin (or Referer) must be ours. */
  function checkSameOrigin(request: FastifyRequest): void {
    // PUBLIC_URL, or the origin the page was actually served from (e.g. 127.0.0.1 vs localhost).
    const allowed = (value: string) => value === siteOrigin || value === `${request.protocol}://${request.host}`;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed(origin)) throw crossSite();
      return;
    }
    const referer = request.headers.referer;
    if (referer !== undefined && !allowed(originOf(referer))) throw crossSite();
  }

  /** Signs the account in and grants the SPA everything at once, then resumes the authorization. */
  async function finish(request: UidRequest, reply: FastifyReply, interaction: Interaction, accountId: string, login: boolean) {
    const clientId = typeof interaction.params.client_id === 'string' ? interaction.params.client_id : config.oidc.clientId;
    const grant = await ensureGrant({
      provider,
      grantId: interaction.grantId,
      accountId,
      clientId,
      requestedScope: interaction.params.scope,
      resource: apiResourceIndicator(config.publicUrl),
    });
    const result = { ...(login ? { login: { accountId } } : {}), consent: { grantId: grant.jti } };
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: !login });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  const loginHint = (interaction: Interaction) => (typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '');

  app.get<{ Params: { file: string } }>(`${ASSET_PREFIX}/:file`, async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) throw new AppError({ status: 404, code: 'not_found', message: 'Not found.' });
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });

  app.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    const { uid } = request.params;
    // Already signed in, only consent missing: Bree's own SPA needs no consent screen.
    if (interaction.prompt.name === 'consent' && interaction.session?.accountId) {
      return finish(request, reply, interaction, interaction.session.accountId, false);
    }
    const email = loginHint(interaction);
    const page =
      interaction.params.screen === 'signup'
        ? renderSignUpPage({ uid, homeUrl, email })
        : renderSignInPage({ uid, homeUrl, email, notice: takeNotice(request, reply, secureCookie) });
    return sendHtml(reply, 200, page);
  });

  app.get<{ Params: { uid: string } }>('/interaction/:uid/login', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    return sendHtml(
      reply,
      200,
      renderSignInPage({ uid: request.params.uid, homeUrl, email: loginHint(interaction), notice: takeNotice(request, reply, secureCookie) }),
    );
  });

  app.get<{ Params: { uid: string } }>('/interaction/:uid/signup', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    return sendHtml(reply, 200, renderSignUpPage({ uid: request.params.uid, homeUrl, email: loginHint(interaction) }));
  });

  const ipLimit = (limit: { max: number; timeWindow: number }) => ({
    ...limit,
    // After the body is parsed, so the 429 page can keep the typed email.
    hook: 'preHandler' as const,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/login', { config: { rateLimit: ipLimit(IP_LIMITS.signIn) } }, async (request, reply) => {
    checkSameOrigin(request);
    const interaction = await loadInteraction(request, reply);
    const { uid } = request.params;
    const email = formField(request.body, 'email');
    const password = formField(request.body, 'password');
    const accountKey = normalizeEmail(email);
    // Counted before the password is checked, so a burst of concurrent guesses cannot all be
    // checked before the first failure is recorded; a success forgets the count again.
    const wait = accountKey ? await limiter.attempt(accountKey) : 0;
    if (wait > 0) throw tooMany(wait);
    const user = await accounts.authenticate({ email, password });
    if (!user) return sendHtml(reply, 401, renderSignInPage({ uid, homeUrl, email, error: { message: INCORRECT } }));
    await limiter.recordSuccess(accountKey);
    return finish(request, reply, interaction, user.id, true);
  });

  app.post<{ Params: { uid: string } }>('/interaction/:uid/signup', { config: { rateLimit: ipLimit(IP_LIMITS.signUp) } }, async (request, reply) => {
    checkSameOrigin(request);
    const interaction = await loadInteraction(request, reply);
    const { uid } = request.params;
    const email = formField(request.body, 'email');
    const name = formField(request.body, 'name');
    const mailed = verification.canSendLinks;
    const result = await accounts.register({ email, password: formField(request.body, 'password'), name, pending: mailed });
    const onMailError = (err: unknown) => request.log.error({ err }, 'could not send a sign-up email');
    // With a mail server, a taken address gets the same answer as a free one and its owner a
    // notice; the new account signs in once its address is confirmed. Without one, nobody could
    // be told, so the form says the address is taken.
    if (mailed && (result.ok || result.reason === 'email_taken')) {
      if (result.ok) verification.sendLinkInBackground(result.user, onMailError);
      else verification.noticeInBackground(email, onMailError);
      return sendHtml(reply, 200, renderCheckEmailPage({ homeUrl, appUrl: `${config.publicUrl}/app`, email }));
    }
    if (!result.ok) {
      const status = result.reason === 'email_taken' ? 409 : 400;
      return sendHtml(reply, status, renderSignUpPage({ uid, homeUrl, email, name, error: SIGN_UP_ERRORS[result.reason] }));
    }
    return finish(request, reply, interaction, result.user.id, true);
  });

  registerPasswordResetRoutes(app, { config, passwordReset, homeUrl, checkSameOrigin, ipLimit });
  registerEmailVerificationRoutes(app, { config, verification, homeUrl, checkSameOrigin, ipLimit });
  registerEmailChangeRoutes(app, { config, settings, homeUrl, checkSameOrigin, ipLimit });
};

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
