import type { BackgroundResponse, OperationStatus, OperationType } from '@bree/contracts';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { fileIdColumn } from '../files/files.reference';

/** Finished AI operations waiting for the editor to apply them (docs/PRODUCT.md#assistant). */
export const backgroundResponses = pgTable(
  'background_responses',
  {
    tenantId: text('tenant_id').notNull(),
    documentId: fileIdColumn('document_id').notNull(),
    operationId: text('operation_id').notNull(),
    operationType: text('operation_type').$type<OperationType>().notNull(),
    response: jsonb('response').$type<BackgroundResponse['response']>().notNull(),
    originalContext: jsonb('original_context').$type<BackgroundResponse['originalContext']>().notNull(),
    status: text('status').$type<OperationStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.operationId] }), index('background_responses_document_idx').on(t.tenantId, t.documentId, t.createdAt)],
);
export type BackgroundResponseRow = typeof backgroundResponses.$inferSelect;

/** A document's Fast/Premium override (docs/PRODUCT.md#assistant). */
export const aiFileProviders = pgTable(
  'ai_file_providers',
  {
    tenantId: text('tenant_id').notNull(),
    fileId: fileIdColumn('file_id').notNull(),
    provider: text('provider').$type<'fast' | 'premium'>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fileId] })],
);

/** A tenant's 'Default Bree Quality'; no row means premium. */
export const aiTenantSettings = pgTable('ai_tenant_settings', {
  tenantId: text('tenant_id').primaryKey(),
  defaultProvider: text('default_provider').$type<'fast' | 'premium'>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
