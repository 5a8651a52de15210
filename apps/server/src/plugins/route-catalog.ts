import type { FastifyInstance } from 'fastify';

export interface CatalogRoute {
  method: string;
  url: string;
  public: boolean;
  /** Deduplicated by X-Operation-Id unless the route says `config: { replay: false }` (see plugins/replay.ts). */
  replay: boolean;
  /** The route's request schemas (zod), so tests can generate inputs for every field. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, so tests can prove rules (auth, tenancy) for all of them. */
    routeCatalog: CatalogRoute[];
  }
}

/** Records each route as it is added. Register before any route. */
export function registerRouteCatalog(app: FastifyInstance): void {
  const routes: CatalogRoute[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' && route.url.startsWith('/api')) continue;
      const { body, querystring, params } = (route.schema ?? {}) as CatalogRoute['schema'];
      routes.push({
        method,
        url: route.url,
        public: Boolean(route.config?.public),
        replay: route.config?.replay !== false,
        schema: { body, querystring, params },
      });
    }
  });
}
