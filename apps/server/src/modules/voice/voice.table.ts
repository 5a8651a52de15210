import type { CheckSettings, VoiceStats, VoiceStatus } from '@bree/contracts';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One learned voice per tenant. `style_guide` is written by the model (the author may edit it);
 * `user_notes` are the author's own additions and survive re-analysis. `check_settings` are the
 * author's Checks settings, kept here with the voice they are measured against.
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
  /** The author's Checks settings (docs/CHECKS.md "Settings and what is remembered"); null until first saved. */
  checkSettings: jsonb('check_settings').$type<CheckSettings>(),
});
export type VoiceProfileRow = typeof voiceProfiles.$inferSelect;
