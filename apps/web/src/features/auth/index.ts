export { createTokenManager } from './tokenManager';
export type { AuthSignal, SignInOptions, TokenManager, TokenUserManager } from './tokenManager';
// userManager.ts (oidc-client-ts) is imported only by lazyUserManager.ts, on first need.
export { createLazyUserManager } from './lazyUserManager';
export type { AppUserManager } from './lazyUserManager';
export { hasUsableToken, readStoredUser, storedUserKey } from './storedUser';
export type { SessionUser } from './storedUser';
export { AuthSessionProvider, useAuthState } from './AuthSession';
export { RequireAuth } from './RequireAuth';
export { AuthErrorNotice } from './AuthErrorNotice';
export { ProfileMenu } from './ProfileMenu';
export { useSession } from './useSession';
export type { Session, SessionStatus } from './useSession';
export { hasAuthAnswer, isStuckLoginUrl, markCallbackProcessed, resetAutoRedirect, wasCallbackProcessed } from './urlGuards';
export { returnToFromState, safeReturnTo } from './returnTo';
