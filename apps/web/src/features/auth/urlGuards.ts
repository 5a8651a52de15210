/** Routes that legitimately receive the issuer's answer (code, state, iss) in their query. */
const CALLBACK_PATHS: ReadonlySet<string> = new Set(['/callback', '/silent-callback']);

/**
 * A sign-in answer left in the address of another page (e.g. ?code=…&iss=… on /app after a
 * failed hand-off): it is cleaned by going home (docs/PRODUCT.md#startup).
 */
export function isStuckLoginUrl(pathname: string, search: string): boolean {
  return new URLSearchParams(search).has('iss') && !CALLBACK_PATHS.has(pathname);
}

/** Whether a callback URL carries an authorization answer (code or error, and state). */
export function hasAuthAnswer(search: string): boolean {
  const params = new URLSearchParams(search);
  return (params.has('code') || params.has('error')) && params.has('state');
}

const PROCESSED_KEY = 'bree.auth.processedCallbackState';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Remembers that the answer with this state was consumed (codes are single-use). */
export function markCallbackProcessed(search: string, storage: KeyValueStore = sessionStorage): void {
  const state = new URLSearchParams(search).get('state');
  if (state) storage.setItem(PROCESSED_KEY, state);
}

/** True when this exact callback was already handled (a reload or the Back button). */
export function wasCallbackProcessed(search: string, storage: KeyValueStore = sessionStorage): boolean {
  const state = new URLSearchParams(search).get('state');
  return state !== null && storage.getItem(PROCESSED_KEY) === state;
}

const AUTO_REDIRECT_KEY = 'bree.auth.errorAutoRedirected';

/** docs/PRODUCT.md#startup allows one automatic redirect to sign-in per auth error; true the first time only. */
export function claimAutoRedirect(storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  if (storage.getItem(AUTO_REDIRECT_KEY)) return false;
  storage.setItem(AUTO_REDIRECT_KEY, '1');
  return true;
}

/** A successful sign-in re-arms the automatic redirect. */
export function resetAutoRedirect(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  storage.removeItem(AUTO_REDIRECT_KEY);
}
