import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitCounters } from './rate-limits.repository';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * A store for @fastify/rate-limit backed by rate_limit_counters, so the per-IP limits hold across
 * every Bree process on one database. The plugin builds the store itself (`new Store(options)`),
 * hence a class made around the counters. Each route counts apart: keys carry its method and URL.
 * Plain fixed windows, the only kind Bree's limits use (no `continueExceeding`, `exponentialBackoff` or `ban`).
 */
export function createRateLimitStore({
  counters,
  now = () => new Date(),
}: {
  counters: Pick<RateLimitCounters, 'hit'>;
  now?: () => Date;
}): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options: FastifyRateLimitOptions, prefix = 'ip:') {
      this.#prefix = prefix;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const at = now();
      counters.hit({ key: `${this.#prefix}${key}`, windowMs: timeWindow, at }).then(
        ({ hits, resetAt }) => callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - at.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      // The plugin passes the route's merged settings with the route itself as `routeInfo`.
      const route = (routeOptions as ChildOptions & { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new PostgresRateLimitStore(routeOptions, `${this.#prefix}${String(route?.method ?? '')} ${String(route?.url ?? routeOptions.path)}:`);
    }
  }
  return PostgresRateLimitStore;
}
