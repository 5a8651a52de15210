import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The installation's AI switch (docs/OPERATIONS.md "The AI switch"): one row, id 'installation',
 * written from the admin portal. No row means everything on. Every process keeps it in memory and
 * reads it again when another process announces a change (ai.switch.ts).
 */
export const aiSwitch = pgTable('ai_switch', {
  id: text('id').primaryKey(),
  /** The whole assistant: both tiers, dictation and search by meaning's embeddings. */
  assistantOff: boolean('assistant_off').notNull().default(false),
  /** The premium tier only: calls that would use it run on fast, as on a server without a premium provider. */
  premiumOff: boolean('premium_off').notNull().default(false),
  /** Dictation (speech to text, counted in voice minutes). */
  dictationOff: boolean('dictation_off').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
