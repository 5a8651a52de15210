import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each tenant's search language (a PostgreSQL text search configuration, `SEARCH_LANGUAGES`);
 * a tenant without a row searches with 'simple'. The files trigger reads it on every write of
 * a name or text (the migration `0018_search_text` holds the trigger and the configurations).
 */
export const searchSettings = pgTable('search_settings', {
  tenantId: text('tenant_id').primaryKey(),
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
