/** Product constants (docs/PRODUCT.md), shared by server and web. Names say where each comes from. */
export const PRODUCT_NAME = 'Bree';
export const DEFAULT_TENANT_ID = 'default-tenant';
export const TENANT_STORAGE_KEY = 'currentTenant';

export const AUTH = {
  /** A cached token is reused unless it expires within this margin (docs/PRODUCT.md#startup). */
  refreshMarginMs: 2 * 60 * 1000,
  /** Lifetime assumed when a token's expiry cannot be read. */
  defaultTokenLifetimeMs: 60 * 60 * 1000,
  /** One automatic redirect to sign-in after an auth error. */
  errorRedirectDelayMs: 250,
  /** After sign-in, the welcome initialisation runs, then /app after this delay. */
  postLoginDelayMs: 500,
  /** Three failed refreshes end the session. */
  maxQuietRefreshFailures: 3,
  logoutDelayMs: 1000,
} as const;

export const API_CLIENT = {
  baseUrl: '/api',
  defaultTimeoutMs: 30_000,
  filesTimeoutMs: 300_000,
  searchTimeoutMs: 60_000,
  storageTimeoutMs: 120_000,
  retryStatuses: [429, 502, 503, 504] as readonly number[],
  retryMinDelayMs: 500,
  retryMaxDelayMs: 1000,
} as const;

/** Toast durations, desktop / mobile (docs/PRODUCT.md#startup). */
export const TOAST = {
  durations: {
    success: { desktop: 3000, mobile: 4000 },
    error: { desktop: 5000, mobile: 6000 },
    info: { desktop: 4000, mobile: 5000 },
    warning: { desktop: 4000, mobile: 5000 },
  },
  maxToasts: 20,
  dedupeWindowMs: 3000,
  minVisibleMs: 1000,
  /** Bree's own (docs/PRODUCT.md#startup): a toast offering Undo stays long enough to reach its button. */
  actionDurationMs: 8000,
} as const;

export const LAZY_LOAD = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 2000 } as const;

/** Mobile means a width of 767 px or less (docs/PRODUCT.md#documents). */
export const BREAKPOINTS = { mobileMax: 767, tablet: 1024, wide: 1100, small: 480, tiny: 360 } as const;

export const NETWORK = { checkIntervalMs: 30_000, staleAfterMs: 5 * 60 * 1000, headTimeoutMs: 5000 } as const;

export const PASSWORD_MIN_LENGTH = 8;
