import { z } from 'zod/mini';

/** The account routes of Bree's own sign-in (docs/ACCOUNT.md); an external issuer has its own account page. */
export const ACCOUNT_PATHS = {
  summary: '/account',
  password: '/account/password',
  email: '/account/email',
  signOutEverywhere: '/account/sign-out-everywhere',
} as const;

/** GET /api/account: the signed-in account as its settings page shows it. */
export const accountSummarySchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** The address a mailed link would move the account to, while that link is still valid; null otherwise. */
  pendingEmail: z.nullable(z.string()),
  /** False when this Bree sends no mail (no SMTP_URL): a new address could not be confirmed, so it cannot be changed here. */
  canChangeEmail: z.boolean(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** POST /api/account/password: the current password proves it is the owner; the new one follows the sign-up rules. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().check(z.maxLength(1024)),
  newPassword: z.string().check(z.maxLength(4096)),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/account/email: a confirmation link goes to the new address; the address changes only when it is used. */
export const changeEmailBodySchema = z.strictObject({
  newEmail: z.string().check(z.maxLength(320)),
  currentPassword: z.string().check(z.maxLength(1024)),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** The answer of an address change request: where the link went, and until when it works. */
export const changeEmailAnswerSchema = z.object({
  pendingEmail: z.string(),
  expiresAt: z.string(),
});
export type ChangeEmailAnswer = z.infer<typeof changeEmailAnswerSchema>;
