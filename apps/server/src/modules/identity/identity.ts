import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config';
import type { Database } from '../../db/db';
import type { NotificationHub } from '../../db/notifications';
import { createMailer, type Mailer } from '../../lib/mailer';
import { createLocalAccountRemoval, externalAccountRemoval } from './account-removal';
import { createAccountSessions } from './account-sessions';
import { accountSessionRoutes } from './account-sessions.routes';
import { createAccountSettingsRepository } from './account-settings.repository';
import { accountSettingsRoutes } from './account-settings.routes';
import { createAccountSettingsService } from './account-settings.service';
import { createAccountsRepository } from './accounts.repository';
import { adminVerificationNotice } from './admin-verification';
import { createAccountsService } from './accounts.service';
import { createPayloadAdapter, sweepExpiredPayloads } from './adapter';
import { createEmailVerificationRepository } from './email-verification.repository';
import { createEmailVerificationService } from './email-verification.service';
import type { Identity } from './identity.types';
import { interactionRoutes } from './interaction.routes';
import { loadIssuerSecrets, toPublicJwks } from './keys';
import { createPasswordResetRepository } from './password-reset.repository';
import { createPasswordResetService } from './password-reset.service';
import { renderErrorPage } from './pages';
import { createOidcProvider } from './provider';
import { createRateLimitCounters } from '../rate-limits/rate-limits.port';
import { createAccountLimiter } from './rate-limit';
import { isCrossSiteSignOut } from './sign-out';
import { createTokenRevocation } from './token-revocation';
import { createLocalVerifier, createRemoteVerifier } from './verifier';
import { withVerificationCache } from './verifier-cache';

/** Where the embedded issuer is mounted; config.oidc.issuer is `${publicUrl}${ISSUER_MOUNT}`. */
export const ISSUER_MOUNT = '/oidc';
const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Bree's sign-in. Embedded mode: an OIDC issuer at /oidc with local accounts and its own
 * sign-in pages; tokens are verified against its keys in-process. External mode
 * (OIDC_ISSUER…): nothing is mounted, tokens are verified against the issuer's JWKS.
 */
export async function createIdentity({
  config,
  database,
  mailer,
  now = () => new Date(),
  notifications,
}: {
  config: Config;
  database: Database;
  /** This process's LISTEN/NOTIFY hub (PostgreSQL): sign-outs reach every Bree process at once. */
  notifications?: NotificationHub | null | undefined;
  /** Sends the password-reset and email-verification mails; made from SMTP_URL when not given, none without it. */
  mailer?: Mailer | null;
  /** The clock of password-reset and email-verification links (tests move it). */
  now?: () => Date;
}): Promise<Identity> {
  const { issuer, audience } = config.oidc;
  if (config.oidc.mode === 'external') {
    return {
      mode: 'external',
      // No account row here: the external issuer ends its own sessions, and its tokens live as long as it says.
      verifier: withVerificationCache(createRemoteVerifier({ issuer, audience, adminEmails: config.adminEmails })),
      async register() {},
      async apiRoutes() {},
      accountRemoval: externalAccountRemoval,
      // The external issuer verifies addresses itself.
      adminNotice: async () => null,
      async close() {},
    };
  }

  const { db } = database;
  const secrets = await loadIssuerSecrets({ db });
  // Shared by every Bree process on this database: a lockout holds whichever process the next attempt reaches.
  const counters = createRateLimitCounters({ db });
  // Access tokens are refused after a sign-out or password reset, in every process (token-revocation.ts).
  const revocation = createTokenRevocation({ database, hub: notifications ?? undefined });
  const accountSessions = createAccountSessions({ db, revocation });
  const accountsRepository = createAccountsRepository({ db });
  const accounts = createAccountsService({ repository: accountsRepository });
  const mail = mailer !== undefined ? mailer : config.mail ? createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }) : null;
  const passwordReset = createPasswordResetService({
    accounts: accountsRepository,
    repository: createPasswordResetRepository({ db }),
    mailer: mail,
    publicUrl: config.publicUrl,
    counters,
    now,
    revocation,
  });
  const verification = createEmailVerificationService({
    accounts: accountsRepository,
    repository: createEmailVerificationRepository({ db }),
    mailer: mail,
    publicUrl: config.publicUrl,
    counters,
    now,
    revocation,
  });
  const settings = createAccountSettingsService({
    accounts: accountsRepository,
    repository: createAccountSettingsRepository({ db }),
    mailer: mail,
    publicUrl: config.publicUrl,
    counters,
    revocation,
    now,
  });
  const provider = createOidcProvider({ config, secrets, adapter: createPayloadAdapter({ db }), accounts });
  // A sign-out of one device, a refresh token used twice, a revocation: the grant's access tokens end with it.
  provider.on('grant.revoked', (_ctx: unknown, grantId: string) => void revocation.grantEnded(grantId));
  const limiter = createAccountLimiter({ counters, scope: 'sign-in' });
  let log: FastifyBaseLogger | null = null;

  // Expired codes, sessions and tokens are ignored on read; this keeps the table small.
  const sweep = setInterval(() => {
    sweepExpiredPayloads({ db }).catch((err: unknown) => log?.warn({ err }, 'could not sweep expired oidc payloads'));
    passwordReset.deleteExpired().catch((err: unknown) => log?.warn({ err }, 'could not sweep expired password-reset links'));
    verification.deleteExpired().catch((err: unknown) => log?.warn({ err }, 'could not sweep expired email-verification links'));
    settings.deleteExpired().catch((err: unknown) => log?.warn({ err }, 'could not sweep expired email-change links'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  return {
    mode: 'embedded',
    verifier: withVerificationCache(createLocalVerifier({ issuer, audience, adminEmails: config.adminEmails, jwks: toPublicJwks(secrets.signingKeys) }), {
      revocation,
    }),
    async register(app) {
      log = app.log.child({ module: 'identity' });
      mountIssuer({ app, provider, log, publicUrl: config.publicUrl, trustProxy: config.trustProxy, homeUrl: `${config.publicUrl}/` });
      await app.register(interactionRoutes, { config, provider, accounts, limiter, passwordReset, verification, settings });
    },
    async apiRoutes(api) {
      await api.register(accountSessionRoutes, { accountSessions });
      await api.register(accountSettingsRoutes, { settings });
    },
    accountRemoval: createLocalAccountRemoval({ accounts: accountsRepository, revocation }),
    adminNotice: () => adminVerificationNotice({ config, accounts: accountsRepository, canSendMail: mail !== null }),
    async close() {
      clearInterval(sweep);
      await verification.close();
      await settings.close();
      await passwordReset.close();
    },
  };
}

/** True for /oidc, /oidc/… and /oidc?…, never for /oidcfoo. */
export function isIssuerPath(url: string): boolean {
  return url === ISSUER_MOUNT || url.startsWith(`${ISSUER_MOUNT}/`) || url.startsWith(`${ISSUER_MOUNT}?`);
}

/**
 * Hands /oidc requests to oidc-provider (a Koa app) before Fastify routes, parses or
 * answers them: the hook hijacks the reply and strips the mount prefix from the URL, keeping
 * the full one in `originalUrl`, which oidc-provider reads to build its own URLs.
 * Security headers set by earlier onRequest hooks (helmet) are already on the raw response.
 */
function mountIssuer({
  app,
  provider,
  log,
  publicUrl,
  trustProxy,
  homeUrl,
}: {
  app: FastifyInstance;
  provider: Provider;
  log: FastifyBaseLogger;
  publicUrl: string;
  trustProxy: boolean;
  homeUrl: string;
}): void {
  const site = new URL(publicUrl);
  const siteOrigin = site.origin;
  // oidc-provider reports its own failures as events; route them to our logger, not stderr.
  provider.on('server_error', (_ctx: unknown, err: unknown) => log.error({ err }, 'oidc-provider server error'));
  // Koa's default prints to stderr whatever escapes oidc-provider's own error handling.
  provider.onerror = (err: Error) => log.error({ err }, 'oidc-provider error');
  const handle = provider.callback();

  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '/';
    if (!isIssuerPath(url)) return;
    reply.hijack();
    const raw: IncomingMessage & { originalUrl?: string } = request.raw;
    raw.originalUrl = url;
    const rest = url.slice(ISSUER_MOUNT.length);
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    // A session ends only on a form sent from Bree's own sign-out page.
    const origins = [siteOrigin, `${request.protocol}://${request.host}`];
    if (isCrossSiteSignOut({ method: request.method, path: raw.url, headers: request.headers, origins })) {
      reply.raw.writeHead(403, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      reply.raw.end(
        renderErrorPage({
          homeUrl,
          title: 'Still signed in',
          message: 'This sign-out was sent from another site, so it was ignored. You are still signed in.',
        }),
      );
      return;
    }
    pinToPublicUrl({ headers: raw.headers, site, trustProxy });
    await handle(raw, reply.raw);
  });
}

/**
 * oidc-provider prints its own URLs (discovery, redirects, end-session, cookies' Secure flag) from
 * the request's host and protocol, which a client chooses (Host, X-Forwarded-Host): every URL Bree
 * prints for itself comes from PUBLIC_URL instead. The provider trusts X-Forwarded-* (provider.ts),
 * so they are set here to PUBLIC_URL's; X-Forwarded-For is dropped unless TRUST_PROXY vouches for it.
 */
export function pinToPublicUrl({ headers, site, trustProxy }: { headers: IncomingHttpHeaders; site: URL; trustProxy: boolean }): void {
  headers.host = site.host;
  headers['x-forwarded-host'] = site.host;
  headers['x-forwarded-proto'] = site.protocol.slice(0, -1);
  if (!trustProxy) delete headers['x-forwarded-for'];
}
