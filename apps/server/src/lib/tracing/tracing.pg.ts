import type pg from 'pg';
import { startStatementSpan } from './tracing';

type QueryArgs = unknown[];

/**
 * node-postgres's Client with a span per statement (`startStatementSpan`): every query of the pool,
 * drizzle's and pg-boss's alike, and of its transactions, goes through `Client#query`. A prepared
 * `Query` object (a submittable) passes untouched. Nothing changes while tracing is off.
 */
export function tracedPgClient(Client: typeof pg.Client): typeof pg.Client {
  const query = Client.prototype.query as (...args: QueryArgs) => unknown;
  class TracedClient extends Client {}
  Object.defineProperty(TracedClient.prototype, 'query', {
    configurable: true,
    writable: true,
    value: function tracedQuery(this: pg.Client, ...args: QueryArgs): unknown {
      const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
      const text = typeof first === 'string' ? first : first && typeof first.submit !== 'function' && typeof first.text === 'string' ? first.text : null;
      const end = text === null ? null : startStatementSpan(text);
      if (!end) return query.apply(this, args);
      const callback = args.findIndex((arg) => typeof arg === 'function');
      if (callback >= 0) {
        const original = args[callback] as (error: Error | null, result: unknown) => void;
        args[callback] = (error: Error | null, result: unknown) => {
          end(error ?? undefined);
          original(error, result);
        };
        return query.apply(this, args);
      }
      return (query.apply(this, args) as Promise<unknown>).then(
        (result) => (end(), result),
        (error: unknown) => {
          end(error);
          throw error;
        },
      );
    },
  });
  return TracedClient as unknown as typeof pg.Client;
}
