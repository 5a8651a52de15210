import type { FastifyInstance } from 'fastify';
import type { AccountRemoval } from './account-removal';

/** Who made a request, read from a verified access token. The tenant is always the token's `sub`. */
export interface AuthContext {
  sub: string;
  tenantId: string;
  email: string | undefined;
  /** True only when the issuer says the address was verified (`email_verified: true`). */
  emailVerified: boolean;
  name: string | undefined;
  scopes: string[];
  isAdmin: boolean;
}

/** Verifies a bearer access token (JWT) and returns who it names; throws AppError 401 otherwise. */
export interface AccessTokenVerifier {
  verify(token: string): Promise<AuthContext>;
}

/** The sign-in side of Bree: embedded issuer at /oidc, or an external one. */
export interface Identity {
  mode: 'embedded' | 'external';
  verifier: AccessTokenVerifier;
  /** Mounts the issuer and its sign-in pages (embedded mode); nothing for an external issuer. */
  register(app: FastifyInstance): Promise<void>;
  /** Its /api routes (sign-out everywhere), registered with the others under /api, after the auth hook. */
  apiRoutes(api: FastifyInstance): Promise<void>;
  /** Deleting the signed-in account: its confirmation and its identity rows (modules/account). */
  accountRemoval: AccountRemoval;
  /** What the operator should do at start about ADMIN_EMAILS (one line), or null. */
  adminNotice(): Promise<string | null>;
  close(): Promise<void>;
}
