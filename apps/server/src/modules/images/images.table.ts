import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A stored image of a document (docs/IMAGES.md): the re-encoded bytes live in blob storage under
 * `storage_key`; `bytes` is their length, summed per tenant for the account's limit. `file_id`
 * names the document the image was uploaded to: public pages serve an image only through the
 * shared or published document it belongs to. Rows of documents deleted for good are swept with their bytes.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    fileId: text('file_id').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('images_tenant_idx').on(t.tenantId), index('images_file_idx').on(t.fileId)],
);
export type ImageRow = typeof images.$inferSelect;
