import { sql } from 'drizzle-orm';
import { selectPreparedRows, selectRows, type Db } from '../../db/db';

/** What a request is remembered by. */
export interface ReplayKey {
  tenantId: string;
  operationId: string;
}

/** A remembered answer. */
export interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A row as the service reads it; the times are judged by the database's clock, the one all Bree processes share. */
export interface ReplayRow {
  fingerprint: string;
  answer: StoredAnswer | null;
  /** Pending and its lease ran out: the process that held it is gone. */
  abandoned: boolean;
}

const ms = (n: number) => sql`(${Math.round(n)} * interval '1 millisecond')`;

/** The request_replays table. Every time is the database's `now()`, so processes with skewed clocks agree. */
export function createReplaysRepository({ db }: { db: Db }) {
  return {
    /**
     * Claims the operation id: inserts the row, or takes over one that is past retention or an
     * abandoned claim of the same request. One statement, so two racing processes cannot both win.
     */
    async claim(key: ReplayKey & { fingerprint: string; route: string; claim: string; leaseMs: number; retentionMs: number }): Promise<boolean> {
      // Prepared: every request named by an X-Operation-Id waits for it (an AI start, before its first word).
      const rows = await selectPreparedRows<{ claim: string }>(
        db,
        sql`
        insert into request_replays (tenant_id, operation_id, fingerprint, route, claim, lease_until, created_at)
        values (${key.tenantId}, ${key.operationId}, ${key.fingerprint}, ${key.route}, ${key.claim}, now() + ${ms(key.leaseMs)}, now())
        on conflict (tenant_id, operation_id) do update set
          fingerprint = excluded.fingerprint, route = excluded.route, claim = excluded.claim, lease_until = excluded.lease_until,
          status = null, content_type = null, body = null, created_at = excluded.created_at
        where request_replays.created_at < now() - ${ms(key.retentionMs)}
          or (request_replays.status is null and request_replays.lease_until < now() and request_replays.fingerprint = excluded.fingerprint)
        returning claim`,
      );
      return rows[0]?.claim === key.claim;
    },

    /** The row of an operation id still within retention, or null. */
    async find(key: ReplayKey & { retentionMs: number }): Promise<ReplayRow | null> {
      const rows = await selectRows<{
        fingerprint: string;
        status: number | null;
        content_type: string | null;
        body: string | null;
        abandoned: boolean;
      }>(
        db,
        sql`
        select fingerprint, status, content_type, body, (status is null and lease_until < now()) as abandoned
        from request_replays
        where tenant_id = ${key.tenantId} and operation_id = ${key.operationId} and created_at >= now() - ${ms(key.retentionMs)}`,
      );
      const row = rows[0];
      if (!row) return null;
      const answer = row.status === null ? null : { status: row.status, contentType: row.content_type ?? 'application/octet-stream', body: row.body ?? '' };
      return { fingerprint: row.fingerprint, answer, abandoned: row.abandoned };
    },

    /** Extends a pending claim's lease; false when the claim is no longer held. */
    async renew(key: ReplayKey & { claim: string; leaseMs: number }): Promise<boolean> {
      const rows = await selectRows(
        db,
        sql`
        update request_replays set lease_until = now() + ${ms(key.leaseMs)}
        where tenant_id = ${key.tenantId} and operation_id = ${key.operationId} and claim = ${key.claim} and status is null
        returning 1`,
      );
      return rows.length > 0;
    },

    /** Stores the answer of a held claim. */
    async complete(key: ReplayKey & { claim: string; answer: StoredAnswer }): Promise<boolean> {
      const rows = await selectPreparedRows(
        db,
        sql`
        update request_replays
        set status = ${key.answer.status}, content_type = ${key.answer.contentType}, body = ${key.answer.body}, lease_until = null
        where tenant_id = ${key.tenantId} and operation_id = ${key.operationId} and claim = ${key.claim} and status is null
        returning 1`,
      );
      return rows.length > 0;
    },

    /** Gives a held claim up (the request failed): the next request with this id runs. */
    async release(key: ReplayKey & { claim: string }): Promise<void> {
      await db.execute(
        sql`delete from request_replays where tenant_id = ${key.tenantId} and operation_id = ${key.operationId} and claim = ${key.claim} and status is null`,
      );
    },

    /** Deletes rows past retention; answers how many. */
    async sweep({ retentionMs }: { retentionMs: number }): Promise<number> {
      const rows = await selectRows<{ n: number }>(
        db,
        sql`with gone as (delete from request_replays where created_at < now() - ${ms(retentionMs)} returning 1) select count(*)::int as n from gone`,
      );
      return rows[0]?.n ?? 0;
    },
  };
}
export type ReplaysRepository = ReturnType<typeof createReplaysRepository>;
