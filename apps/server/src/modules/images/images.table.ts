import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A stored image of a document (docs/IMAGES.md): the re-encoded bytes live in blob storage under
 * `storage_key`; `bytes` is their length, summed per tenant for the account's limit. `file_id`
 * names the document the image was uploaded to: public pages serve an image only through the
 * shared or published document it belongs to. Rows of documents deleted for good are swept with their bytes.
 * `source_sha256` is the hash of the bytes as uploaded: the same bytes sent again for the same document
 * (a retried upload, the same picture pasted twice) name the image already stored.
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
    // Null for images stored before the hash was kept.
    sourceSha256: text('source_sha256'),
  },
  (t) => [index('images_tenant_idx').on(t.tenantId), index('images_file_idx').on(t.fileId), index('images_source_idx').on(t.fileId, t.sourceSha256)],
);
export type ImageRow = typeof images.$inferSelect;
