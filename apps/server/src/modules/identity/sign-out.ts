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
  if (method !== 'POST' || path.split('?')[0] !== END_SESSION_CONFIRM_PATH) return false;
  // The browser's own word comes first; Origin and Referer only speak for browsers without it.
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite !== 'same-origin';
  const origin = headers.origin;
  if (typeof origin === 'string') return !origins.includes(origin);
  const referer = headers.referer;
  return typeof referer === 'string' && !origins.includes(originOf(referer));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}
