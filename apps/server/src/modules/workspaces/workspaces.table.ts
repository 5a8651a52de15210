import type { AiTier, VariantStatus, VariantType, WorkspaceType } from '@bree/contracts';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/**
 * A workspace: a master document and the variants made from it (docs/PRODUCT.md#workspaces). The
 * master's row in `files` mirrors it in metadata (isMaster, isWorkspaceMaster, workspaceId) for
 * the editor; the queries read these tables.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    masterFileId: fileIdColumn('master_file_id').notNull(),
    workspaceType: text('workspace_type').$type<WorkspaceType>().notNull().default('standard'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspaces_master_uq').on(t.tenantId, t.masterFileId)],
);
export type WorkspaceRow = typeof workspaces.$inferSelect;

/**
 * A variant: a real document (`file_id`) linked to its master, with what made it, so that
 * 'update from master' can make it again: the action, the author's instructions, the tier asked
 * for and the master revision it was made from (`master_revision`: stale once the master moved on).
 * `operation_id` is the AI operation currently filling it; a run finishing for an older one
 * writes nothing.
 */
export const workspaceVariants = pgTable(
  'workspace_variants',
  {
    fileId: fileIdColumn('file_id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    masterFileId: text('master_file_id').notNull(),
    variantType: text('variant_type').$type<VariantType>().notNull(),
    label: text('label').notNull(),
    instructions: text('instructions').notNull().default(''),
    tier: text('tier').$type<AiTier>(),
    masterRevision: integer('master_revision').notNull(),
    status: text('status').$type<VariantStatus>().notNull(),
    failure: text('failure'),
    operationId: text('operation_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('workspace_variants_master_idx').on(t.tenantId, t.masterFileId, t.createdAt)],
);
export type VariantRow = typeof workspaceVariants.$inferSelect;
