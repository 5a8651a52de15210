import type { IncomingHttpHeaders } from 'node:http';

/** oidc-provider's end-session confirmation, relative to the issuer mount: the one request that ends a session. */
export const END_SESSION_CONFIRM_PATH = '/session/end/confirm';

/**
 * True when a browser says this request came from a page of Bree itself. Sec-Fetch-Site is
 * set by the browser and cannot be forged by a page; browsers without it fall back to
 * Origin, then Referer. A request that proves nothing (a typed URL, a bookmark, an old
 * browser sending neither) is not same-origin.
 */
export function isFromOwnPage({ headers, origins }: { headers: IncomingHttpHeaders; origins: readonly string[] }): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin';
  const origin = headers.origin;
  if (typeof origin === 'string') return origins.includes(origin);
  const referer = headers.referer;
  return typeof referer === 'string' && origins.includes(originOf(referer));
}

/**
 * True when a request to end a session must be refused: it was sent by another site. The
 * confirmation also carries oidc-provider's xsrf token, which only the sign-out page holds;
 * this check keeps a cross-site form from using a page it managed to load.
 */
export function isCrossSiteSignOut({
  method,
  path,
  headers,
  origins,
}: {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  origins: readonly string[];
}): boolean {
  if (method !== 'POST' || !isEndSessionConfirmPath(path)) return false;
  // The browser's own word comes first; Origin and Referer only speak for browsers without it.
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin';
  const origin = headers.origin;
  if (typeof origin === 'string') return !origins.includes(origin);
  const referer = headers.referer;
  return typeof referer === 'string' && !origins.includes(originOf(referer));
}

/**
 * Whether oidc-provider's router would take this path as the end-session confirmation: it matches
 * paths case-insensitively and with one trailing slash, so `/SESSION/end/confirm/` ends a session
 * too. Upper-casing every character (not only ASCII, as the router does) only makes the check wider.
 */
function isEndSessionConfirmPath(path: string): boolean {
  const pathname = path.split('?')[0]!;
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return trimmed.toUpperCase() === END_SESSION_CONFIRM_PATH.toUpperCase();
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
