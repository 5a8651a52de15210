import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A tenant is one signed-in identity (the token's `sub`). */
export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  initializedAt: timestamp('initialized_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The profile the SPA sends after sign-in (PUT /api/users/profile). */
export const userProfiles = pgTable('user_profiles', {
  tenantId: text('tenant_id').primaryKey(),
  email: text('email'),
  name: text('name'),
  emailVerified: boolean('email_verified').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
