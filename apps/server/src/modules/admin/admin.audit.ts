import { ADMIN_AUDIT_PAGE_SIZE, type AdminAuditAction, type AdminAuditAnswer } from '@bree/contracts';
import { adminErrors } from './admin.errors';
import type { AdminAuditRepository } from './admin-audit.repository';

/** A ULID as `newId` makes them: the only cursor the log gives out. */
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** One administrator's action as the admin guard reports it (plugins/admin.ts). */
export interface AuditEvent {
  actorTenantId: string;
  actorEmail: string | null;
  action: AdminAuditAction;
  target: string | null;
  detail?: Record<string, unknown>;
}

/**
 * The admin audit log (docs/OPERATIONS.md "Audit log"): who did what, when. Entries are only
 * added, never changed; the portal reads them newest first, a page at a time.
 */
export function createAdminAudit({ repository, newId, now }: { repository: AdminAuditRepository; newId: () => string; now: () => Date }) {
  return {
    async record(event: AuditEvent): Promise<void> {
      await repository.insert({ id: newId(), at: now(), ...event, detail: event.detail ?? {} });
    },
    async list({ cursor }: { cursor?: string | undefined }): Promise<AdminAuditAnswer> {
      if (cursor !== undefined && !ULID.test(cursor)) throw adminErrors.invalidCursor();
      const rows = await repository.page({ before: cursor ?? null, limit: ADMIN_AUDIT_PAGE_SIZE + 1 });
      const items = rows.slice(0, ADMIN_AUDIT_PAGE_SIZE).map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actorId: r.actorTenantId,
        actorEmail: r.actorEmail,
        action: r.action as AdminAuditAction,
        target: r.target,
        detail: r.detail,
      }));
      return { items, nextCursor: rows.length > ADMIN_AUDIT_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
    },
  };
}
export type AdminAudit = ReturnType<typeof createAdminAudit>;
