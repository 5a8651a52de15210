/** Why a token refresh failed, as far as the session rules care. */
export type RefreshFailureReason = 'missing_refresh_token' | 'login_required' | 'consent_required' | 'interaction_required' | 'invalid_grant' | 'other';

/** Raised by the token manager when the stored user has no refresh token to use. */
export class MissingRefreshTokenError extends Error {
  override readonly name = 'MissingRefreshTokenError';
  constructor() {
    super('No refresh token available');
  }
}

const OAUTH_CODES: ReadonlySet<string> = new Set(['login_required', 'consent_required', 'interaction_required', 'invalid_grant']);

/** Maps an oidc-client-ts ErrorResponse (its `error` field) or our own errors to a reason. */
export function classifyRefreshError(error: unknown): RefreshFailureReason {
  if (error instanceof MissingRefreshTokenError) return 'missing_refresh_token';
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string' && OAUTH_CODES.has(error.error)) {
    return error.error as RefreshFailureReason;
  }
  return 'other';
}

/** Failures that only a new interactive sign-in can cure (network blips are not among them). */
export function needsInteractiveSignIn(reason: RefreshFailureReason): boolean {
  return reason !== 'other';
}

/** The refresh token itself is dead: the issuer refused it, or demands a login. */
export function meansRefreshTokenExpired(reason: RefreshFailureReason): boolean {
  return reason === 'invalid_grant' || reason === 'login_required';
}
