import type { Database } from '../db/db';
import { BOSS_SCHEMA } from './boss';

interface Row {
  name: string;
  depth: string | number;
  oldest_s: string | number | null;
}

/**
 * Each pg-boss queue's depth (jobs created, waiting to retry or running) and the age of its oldest
 * waiting job, for the metrics (docs/OPERATIONS.md). Read at each scrape; finished jobs are not counted.
 */
export function queueReader(database: Pick<Database, 'query'>) {
  return async (): Promise<Array<{ queue: string; depth: number; oldestAgeSeconds: number }>> => {
    const rows = await database.query<Row>(
      `select name, count(*) as depth,
              extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry')))::float8 as oldest_s
         from ${BOSS_SCHEMA}.job where state in ('created', 'retry', 'active') group by name`,
    );
    return rows.map((r) => ({ queue: r.name, depth: Number(r.depth), oldestAgeSeconds: Math.max(0, Number(r.oldest_s ?? 0)) }));
  };
}
