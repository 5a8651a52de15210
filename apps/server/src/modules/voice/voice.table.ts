import type { VoiceStats, VoiceStatus } from '@bree/contracts';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which files teach the voice (DESIGN §7): repository files and documents tagged Human, never
 * those tagged AI or AI-Assisted — even in the repository, a machine-written text is not the author's —
 * and never a document in the Trash.
 * Plain SQL over the files table's own columns, so that the generated search column of `files`
 * (files.table.ts) and the voice queries share one definition.
 */
export const VOICE_SAMPLE_SQL = `(is_repository or metadata->>'authenticity' = 'Human')
  and coalesce(metadata->>'authenticity', '') not in ('AI', 'AI-Assisted')
  and length(content_text) > 0
  and deleted_at is null`;

/**
 * How much of a sample its search vector covers: ~17,000 words find a topic, and the bound keeps
 * any text well below PostgreSQL's 1 MB tsvector limit (a larger one would make the save fail).
 */
export const VOICE_TERMS_MAX_CHARS = 100_000;

/**
 * One learned voice per tenant. `style_guide` is written by the model (the author may edit it);
 * `user_notes` are the author's own additions and survive re-analysis.
 */
export const voiceProfiles = pgTable('voice_profiles', {
  tenantId: text('tenant_id').primaryKey(),
  stats: jsonb('stats').$type<VoiceStats>(),
  styleGuide: text('style_guide').notNull().default(''),
  userNotes: text('user_notes').notNull().default(''),
  sampleCount: integer('sample_count').notNull().default(0),
  sampleWords: integer('sample_words').notNull().default(0),
  status: text('status').$type<VoiceStatus>().notNull().default('idle'),
  error: text('error'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  analyzedAt: timestamp('analyzed_at', { withTimezone: true, mode: 'date' }),
});
export type VoiceProfileRow = typeof voiceProfiles.$inferSelect;
