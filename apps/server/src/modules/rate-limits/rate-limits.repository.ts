import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/db';

/** A key's count in its current window. */
export interface WindowCount {
  hits: number;
  resetAt: Date;
}

/**
 * The rate_limit_counters table: fixed windows counted in one atomic statement per hit, so
 * several Bree processes on one database never lose or double a hit. Times come from the
 * caller's clock (the services' `now`), which tests move.
 */
export function createRateLimitCounters({ db }: { db: Db }) {
  return {
    /** Counts one hit of `key` and answers the window's count: a window that ended starts again at 1. */
    async hit({ key, windowMs, at }: { key: string; windowMs: number; at: Date }): Promise<WindowCount> {
      const resetAt = new Date(at.getTime() + windowMs);
      const rows = await selectRows<{ hits: number; reset_at: Date | string }>(
        db,
        sql`
        insert into rate_limit_counters (key, hits, reset_at) values (${key}, 1, ${resetAt.toISOString()})
        on conflict (key) do update set
          hits = case when rate_limit_counters.reset_at <= ${at.toISOString()} then 1 else rate_limit_counters.hits + 1 end,
          reset_at = case when rate_limit_counters.reset_at <= ${at.toISOString()} then excluded.reset_at else rate_limit_counters.reset_at end
        returning hits, reset_at`,
      );
      const row = rows[0];
      if (!row) throw new Error('rate limit upsert returned no row');
      return { hits: Number(row.hits), resetAt: new Date(row.reset_at) };
    },

    /** The key's count in a window still running at `at`, or null. */
    async read({ key, at }: { key: string; at: Date }): Promise<WindowCount | null> {
      const rows = await selectRows<{ hits: number; reset_at: Date | string }>(
        db,
        sql`select hits, reset_at from rate_limit_counters where key = ${key} and reset_at > ${at.toISOString()}`,
      );
      const row = rows[0];
      return row ? { hits: Number(row.hits), resetAt: new Date(row.reset_at) } : null;
    },

    /** Forgets the key (a successful sign-in clears its failures). */
    async clear(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },

    /** Deletes the counters whose window ended; answers how many. */
    async sweep(at: Date = new Date()): Promise<number> {
      const rows = await selectRows<{ key: string }>(db, sql`delete from rate_limit_counters where reset_at <= ${at.toISOString()} returning key`);
      return rows.length;
    },
  };
}

export type RateLimitCounters = ReturnType<typeof createRateLimitCounters>;
