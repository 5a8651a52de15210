import type Provider from 'oidc-provider';

/** The OpenID scopes the embedded issuer knows; the SPA asks for all of them. */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
/** The one scope of the Bree API resource server. */
export const API_SCOPE = 'api';

/**
 * The API's resource indicator (RFC 8707 wants an absolute URI, so not the bare audience
 * 'bree-api'); tokens issued for it carry `aud` = config.oidc.audience.
 */
export function apiResourceIndicator(publicUrl: string): string {
  return `${publicUrl}/api`;
}

type Grant = InstanceType<Provider['Grant']>;

/**
 * The grant for this account and client, covering every OpenID scope requested plus the
 * API scope: Bree's own SPA is first-party, so signing in is consenting and no consent
 * screen is ever shown. Reuses the existing grant when it is the same account's, and only
 * writes when something was missing.
 */
export async function ensureGrant({
  provider,
  grantId,
  accountId,
  clientId,
  requestedScope,
  resource,
}: {
  provider: Provider;
  grantId: string | undefined;
  accountId: string;
  clientId: string;
  requestedScope: unknown;
  /** The API's resource indicator. */
  resource: string;
}): Promise<Grant> {
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  const reusable = existing && existing.accountId === accountId && existing.clientId === clientId;
  const grant = reusable ? existing : new provider.Grant({ accountId, clientId });

  const requested = new Set(typeof requestedScope === 'string' ? requestedScope.split(' ') : []);
  const oidcScopes: string[] = OIDC_SCOPES.filter((scope) => requested.has(scope));
  const granted = new Set(grant.getOIDCScope().split(' '));
  const missingOidc = oidcScopes.some((scope) => !granted.has(scope));
  const missingApi = !grant.getResourceScope(resource).split(' ').includes(API_SCOPE);

  if (!reusable || missingOidc || missingApi) {
    grant.addOIDCScope(oidcScopes);
    grant.addResourceScope(resource, API_SCOPE);
    await grant.save();
  }
  return grant;
}
