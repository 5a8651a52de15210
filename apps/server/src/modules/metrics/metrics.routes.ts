import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { commonErrors } from '../../lib/errors';
import type { Metrics } from './metrics';

/** Compares digests, so the time taken says nothing of the token, its length included. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Counts every answered request by the route the router matched (never the URL, which may name anything) and its status. */
export function registerHttpMetrics(app: FastifyInstance, metrics: Pick<Metrics, 'http'>): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.http({ method: request.method, route: request.routeOptions.url, status: reply.statusCode, seconds: reply.elapsedTime / 1000 });
  });
}

/**
 * GET /metrics in Prometheus's text format (docs/OPERATIONS.md "Metrics"): 404 unless METRICS_TOKEN
 * is set, then 401 without `Authorization: Bearer <that token>`. Outside /api: a scraper has no user.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Pick<Metrics, 'exposition'>; token: string | undefined }> = async (app, { metrics, token }) => {
  app.get('/metrics', { config: { public: true, replay: false } }, async (request, reply) => {
    // Answered as any unknown path: an installation that exports nothing does not say it could.
    if (!token) throw commonErrors.notFound('Not found.');
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !sameToken(match[1], token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw commonErrors.unauthorized('Metrics need METRICS_TOKEN as a bearer token.');
    }
    const { contentType, body } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
};
