import type { Database } from '../db/db';
import { BOSS_SCHEMA } from './boss';

interface Row {
  name: string;
  depth: string | number;
  oldest_s: string | number | null;
}

/**
 * Each pg-boss queue's depth (jobs created, waiting to retry or running) and the age of its oldest
 * waiting job, for the metrics (docs/OPERATIONS.md). Read at each scrape; finished jobs are not counted, an empty queue is 0.
 */
export function queueReader(database: Pick<Database, 'query'>) {
  return async (): Promise<Array<{ queue: string; depth: number; oldestAgeSeconds: number }>> => {
    // Every queue pg-boss knows, an empty one at 0, with its jobs still to do.
    const rows = await database.query<Row>(
      `select q.name, count(j.id) as depth,
              extract(epoch from now() - min(j.created_on) filter (where j.state in ('created', 'retry')))::float8 as oldest_s
         from ${BOSS_SCHEMA}.queue q
         left join ${BOSS_SCHEMA}.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
        group by q.name`,
    );
    return rows.map((r) => ({ queue: r.name, depth: Number(r.depth), oldestAgeSeconds: Math.max(0, Number(r.oldest_s ?? 0)) }));
  };
}
