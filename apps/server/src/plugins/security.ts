import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * The Content-Security-Policy of every response: no inline or foreign scripts, no framing.
 * An external issuer's origin is allowed for token calls (connect-src) and form posts.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const issuerOrigin = config.oidc.mode === 'external' ? new URL(config.oidc.issuer).origin : null;
  const extra = issuerOrigin ? [issuerOrigin] : [];
  // The operator's analytics script, and where it sends page views (its own origin, for both providers).
  const analytics = config.analytics ? [new URL(config.analytics.scriptUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...analytics],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra, ...analytics],
    'frame-src': ["'self'", ...extra],
    'form-action': ["'self'", ...extra],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}

/** Pages the SPA loads inside its own hidden iframe (silent sign-in): framable by the same origin only. */
const SELF_FRAMABLE = new Set(['/silent-callback']);

/** Relaxes frame-ancestors from 'none' to 'self' for the silent sign-in callback page. */
export function registerFramingExceptions(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!SELF_FRAMABLE.has(request.url.split('?')[0]!)) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') void reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
    void reply.header('x-frame-options', 'SAMEORIGIN');
  });
}

/**
 * Security headers of every response, computed once by helmet at start. Helmet rebuilds
 * them on every request (its CSP may hold per-request nonces, which Bree does not use);
 * computing them once keeps helmet the source of truth at no per-request cost.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
    // Bree's own pages learn which of its pages a visitor came from (the landing page tells a return
    // from a first arrival); no other site ever receives a referrer.
    referrerPolicy: { policy: 'same-origin' },
  });
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  const entries = Object.entries(headers);
  // On the raw response, so replies hijacked by the OIDC issuer carry them too.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
  });
}
