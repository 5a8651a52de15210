import type { Database } from '../../db/db';

/** An audit entry as written. */
export interface AuditRecord {
  id: string;
  at: Date;
  actorTenantId: string;
  actorEmail: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
}

interface Row {
  id: string;
  at: Date | string;
  actor_tenant_id: string;
  actor_email: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown> | string;
}

/** The admin audit log's SQL (admin-audit.table.ts). */
export function createAdminAuditRepository({ query }: { query: Database['query'] }) {
  return {
    async insert(record: AuditRecord): Promise<void> {
      await query('insert into admin_audit_log (id, at, actor_tenant_id, actor_email, action, target, detail) values ($1, $2, $3, $4, $5, $6, $7::jsonb)', [
        record.id,
        record.at,
        record.actorTenantId,
        record.actorEmail,
        record.action,
        record.target,
        JSON.stringify(record.detail),
      ]);
    },
    /** Newest first; ids are ULIDs, so `before` an id is before it in time. */
    async page({ before, limit }: { before: string | null; limit: number }): Promise<AuditRecord[]> {
      const rows = await query<Row>(
        `select id, at, actor_tenant_id, actor_email, action, target, detail from admin_audit_log
          where ($1::text is null or id < $1) order by id desc limit $2`,
        [before, limit],
      );
      return rows.map((r) => ({
        id: r.id,
        at: new Date(r.at),
        actorTenantId: r.actor_tenant_id,
        actorEmail: r.actor_email,
        action: r.action,
        target: r.target,
        detail: typeof r.detail === 'string' ? (JSON.parse(r.detail) as Record<string, unknown>) : r.detail,
      }));
    },
  };
}
export type AdminAuditRepository = ReturnType<typeof createAdminAuditRepository>;
