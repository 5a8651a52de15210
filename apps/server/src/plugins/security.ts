import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The Content-Security-Policy of every response: no inline or foreign scripts, no framing.
 * An external issuer's origin is allowed for token calls (connect-src) and form posts.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const issuerOrigin = config.oidc.mode === 'external' ? new URL(config.oidc.issuer).origin : null;
  const extra = issuerOrigin ? [issuerOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra],
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
