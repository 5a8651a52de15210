export const DEFAULT_RETURN_TO = '/app';

/**
 * A same-site path to return to after sign-in. Anything else (absolute or protocol-relative
 * URLs, the callback pages themselves) falls back to /app so sign-in can't be an open redirect.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_RETURN_TO;
  }
  if (value.startsWith('/callback') || value.startsWith('/silent-callback')) return DEFAULT_RETURN_TO;
  return value;
}

/** Reads returnTo from the state oidc-client-ts carried through the sign-in round trip. */
export function returnToFromState(state: unknown): string {
  if (state && typeof state === 'object' && 'returnTo' in state) return safeReturnTo(state.returnTo);
  return DEFAULT_RETURN_TO;
}
