import Provider, { errors, type AdapterConstructor, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config';
import type { AccountsService } from './accounts.service';
import { API_SCOPE, apiResourceIndicator, ensureGrant, OIDC_SCOPES } from './grants';
import { SIGNING_ALG, type IssuerSecrets } from './keys';
import { renderErrorPage, renderSignedOutPage, renderSignOutPage } from './pages';
import { isFromOwnPage } from './sign-out';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/**
 * Access tokens live ten minutes; the SPA refreshes them two minutes before they expire. Short, so
 * a token that escaped the revocation check (an external issuer's, or one a process had cached
 * just before its notification was lost) cannot be used for long.
 */
export const ACCESS_TOKEN_TTL = 10 * MINUTE;
/** The access token claim naming the grant it was minted from: a sign-out ends the grant, and so the token (token-revocation.ts). */
export const GRANT_CLAIM = 'gid';
/** Refresh tokens, grants and issuer sessions: two weeks. */
export const REFRESH_TOKEN_TTL = 14 * DAY;

/** Where oidc-provider sends the browser for sign-in; served by interaction.routes.ts. */
export function interactionPath(uid: string): string {
  return `/interaction/${uid}`;
}

/**
 * The embedded issuer's oidc-provider configuration: one static public client (the SPA,
 * code + PKCE), local accounts, JWT access tokens for the API audience, rotating refresh
 * tokens, and Bree-styled sign-out and error pages.
 */
export function createOidcProvider({
  config,
  secrets,
  adapter,
  accounts,
}: {
  config: Config;
  secrets: IssuerSecrets;
  adapter: AdapterConstructor;
  accounts: AccountsService;
}): Provider {
  const { issuer, clientId, audience } = config.oidc;
  const homeUrl = `${config.publicUrl}/`;
  const siteOrigin = new URL(config.publicUrl).origin;
  const apiResource = apiResourceIndicator(config.publicUrl);

  const configuration: Configuration = {
    adapter,
    clients: [
      {
        client_id: clientId,
        client_name: 'Bree',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/callback`, `${config.publicUrl}/silent-callback`],
        post_logout_redirect_uris: [homeUrl],
      },
    ],
    // Authorization code only: no implicit or hybrid flows to defend.
    responseTypes: ['code'],
    scopes: [...OIDC_SCOPES],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // `screen=signup` on the authorization request opens the create-account page first.
    extraParams: ['screen'],
    jwks: { keys: secrets.signingKeys },
    cookies: { keys: secrets.cookieKeys },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const autosubmit = isFromOwnPage({ headers: ctx.req.headers, origins: [siteOrigin, `${ctx.protocol}://${ctx.host}`] });
          ctx.type = 'html';
          // Its form post then carries a real Origin header (helmet's no-referrer would send "null").
          ctx.set('referrer-policy', 'same-origin');
          ctx.body = renderSignOutPage({ homeUrl, appUrl: `${config.publicUrl}/app`, form, autosubmit });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderSignedOutPage({ homeUrl });
        },
      },
      resourceIndicators: {
        enabled: true,
        // The SPA never sends `resource`: every token is for the Bree API unless asked otherwise.
        defaultResource: (_ctx, _client, oneOf) => (oneOf ? (oneOf.includes(apiResource) ? apiResource : oneOf) : apiResource),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== apiResource) throw new errors.InvalidTarget();
          return {
            audience,
            scope: API_SCOPE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL,
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
    },
    findAccount: async (_ctx, sub) => {
      const user = await accounts.findById(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: user.emailVerified,
          ...(user.name ? { name: user.name } : {}),
        }),
      };
    },
    // The API reads `email` and `email_verified` from the access token (ADMIN_EMAILS counts
    // only a verified address) without a userinfo call.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await accounts.findById(token.accountId);
      if (!user) return undefined;
      const grant = 'grantId' in token && typeof token.grantId === 'string' ? { [GRANT_CLAIM]: token.grantId } : {};
      return { email: user.email, email_verified: user.emailVerified, ...(user.name ? { name: user.name } : {}), ...grant };
    },
    // Signing out of a device ends its grant (and so its refresh token and, through the `gid` check,
    // its access tokens) even with offline_access, which oidc-provider would otherwise let outlive the session.
    expiresWithSession: () => true,
    // First-party client: an existing session's grant is topped up instead of asking for consent.
    loadExistingGrant: async (ctx) => {
      const { session, client, result, params } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      return ensureGrant({
        provider: ctx.oidc.provider,
        grantId: result?.consent?.grantId ?? session.grantIdFor(client.clientId),
        accountId: session.accountId,
        clientId: client.clientId,
        requestedScope: params?.scope,
        resource: apiResource,
      });
    },
    // Public clients cannot keep a secret, so they get refresh tokens with or without
    // offline_access (silent renew drops it) and every use rotates them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => origin === siteOrigin,
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage({
        homeUrl,
        title: 'Sign-in problem',
        message: errorMessage(out.error, out.error_description),
        linkLabel: 'Back to Bree',
      });
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: REFRESH_TOKEN_TTL,
      Grant: REFRESH_TOKEN_TTL,
      // A rotated token keeps its predecessor's expiry: browser refresh tokens get an absolute
      // lifetime (OAuth 2.0 for Browser-Based Apps), after which the user signs in again.
      RefreshToken: (ctx: KoaContextWithOIDC) => {
        const rotated = ctx.oidc.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : REFRESH_TOKEN_TTL;
      },
    },
  };

  const provider = new Provider(issuer, configuration);
  // The mount sets X-Forwarded-Host and -Proto to PUBLIC_URL's on every request (pinToPublicUrl in
  // identity.ts): the issuer's URLs and its cookies' Secure flag follow PUBLIC_URL, never the client.
  provider.proxy = true;
  return provider;
}

/** A sentence for the error page; oidc-provider's descriptions are safe but technical. */
function errorMessage(code: string, description: string | undefined): string {
  if (code === 'server_error') return 'Something went wrong while signing you in. Please try again.';
  if (code === 'invalid_request' && description?.includes('interaction session')) {
    return 'This sign-in page has expired. Please start again.';
  }
  return description ? `Sign-in could not continue: ${description}.` : 'Sign-in could not continue. Please start again.';
}
