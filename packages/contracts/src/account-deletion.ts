import { z } from 'zod/mini';

/** Where the signed-in writer deletes their account, under /api (docs/ACCOUNT.md "Delete my account"). */
export const DELETE_ACCOUNT_PATH = '/account/delete';

/** Confirmations checked per account in one window (a wrong password costs one); then 429 until it ends. */
export const DELETE_ACCOUNT_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 } as const;

/**
 * The confirmation typed in the dialog: the account's e-mail address, and its password for an
 * account of Bree's own sign-in (an external issuer's account has none here).
 */
export const deleteAccountBodySchema = z.strictObject({
  email: z.string().check(z.maxLength(320)),
  password: z.optional(z.string().check(z.maxLength(1024))),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** The answer of a deletion: whether billing records were kept (a Stripe customer existed). */
export const deleteAccountAnswerSchema = z.object({
  deleted: z.literal(true),
  billingRecordsKept: z.boolean(),
});
export type DeleteAccountAnswer = z.infer<typeof deleteAccountAnswerSchema>;
