import { index, jsonb, pgTable, primaryKey, text, timestamp, boolean } from 'drizzle-orm/pg-core';

/** Local accounts of the embedded sign-in. id is the OIDC `sub`, and so the tenant id. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name'),
  emailVerified: boolean('email_verified').notNull().default(false),
  /**
   * Access tokens issued before this time are refused (sign-out everywhere, a password reset, an
   * address change): they are JWTs checked without the issuer, so ending sessions alone leaves them valid.
   */
  tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** oidc-provider's storage (sessions, grants, codes, refresh tokens…), one row per model instance. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    type: text('type').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.type, t.id] }), index('oidc_payloads_grant_id_idx').on(t.grantId), index('oidc_payloads_uid_idx').on(t.uid)],
);

/** Secrets generated on first start (signing keys, cookie keys) so they survive restarts. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Password-reset links. Only the SHA-256 of a link's random token is kept; a row is deleted
 * when its link is used (with every other row of the account) or once it has expired.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * Links that verify an account's email address. As for password resets, only the SHA-256 of a
 * link's random token is kept; a row is deleted when its link is used (with every other row of
 * the account) or once it has expired.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId)],
);

/**
 * Links that move an account to a new email address (docs/ACCOUNT.md). Mailed to the new address;
 * the address changes only when the link is used. As for the other links, only the SHA-256 of a
 * link's random token is kept; a row is deleted when its link is used (with every other row of the
 * account), when a newer request replaces it, or once it has expired.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The normalized address the account moves to. */
    newEmail: text('new_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_change_tokens_user_id_idx').on(t.userId)],
);
