import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/**
 * A person's access to another account's document (docs/SHARING.md "People"): `tenant_id` is the
 * owner's (the document's tenant), `grantee_tenant_id` the invitee's account, `role` viewer,
 * commenter or editor. One row per document and person; read on every request, never cached, so
 * a change or removal holds on every process from the next request on.
 */
export const documentGrants = pgTable(
  'document_grants',
  {
    tenantId: text('tenant_id').notNull(),
    // A document deleted for good takes its grants with it.
    fileId: fileIdColumn('file_id').notNull(),
    granteeTenantId: text('grantee_tenant_id').notNull(),
    role: text('role').notNull(),
    // 'document', or 'workspace' on a master: its variants too (GRANT_SCOPES).
    scope: text('scope').notNull().default('document'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.granteeTenantId] }), index('document_grants_grantee_idx').on(t.granteeTenantId)],
);
export type DocumentGrantRow = typeof documentGrants.$inferSelect;

/**
 * An invitation not yet accepted: the link's token is kept only as its SHA-256 (as password-reset
 * links are), used once (accepting deletes the row) and valid `INVITATION_TTL_MS`.
 */
export const documentInvitations = pgTable(
  'document_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    fileId: fileIdColumn('file_id').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    scope: text('scope').notNull().default('document'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('document_invitations_file_idx').on(t.fileId)],
);
