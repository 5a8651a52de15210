import { DELETE_ACCOUNT_PATH, deleteAccountAnswerSchema, ERROR_CODES, type DeleteAccountAnswer, type DeleteAccountBody } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';
import { hasErrorCode } from '../../lib/errorCodes';
import type { SignOutOptions } from '../auth/tokenManager';

/** Where a deleted account's browser lands: the start page, which says the account is gone (AccountDeletedNotice). */
export const ACCOUNT_DELETED_PATH = '/?account=deleted';

/** Whether the typed address is the account's, compared as the server compares them (trimmed, any case). */
export function typedEmailMatches(typed: string, accountEmail: string | undefined): boolean {
  const normal = (value: string) => value.trim().toLowerCase();
  return Boolean(accountEmail) && normal(typed) !== '' && normal(typed) === normal(accountEmail!);
}

/** Sends the confirmed deletion once: a retry after a lost answer would only meet the account gone. */
export function requestDeletion(api: ApiClient, body: DeleteAccountBody): Promise<DeleteAccountAnswer> {
  return api.post(DELETE_ACCOUNT_PATH, body, { schema: deleteAccountAnswerSchema, retry: false });
}

/** A refusal, put where the writer looks for it: under the field it is about, or over the form. */
export interface DeletionProblem {
  field: 'email' | 'password' | 'form';
  message: string;
}

/** What went wrong with a deletion, in the dialog's words (docs/ACCOUNT.md "Delete my account"). */
export function deletionProblem(error: unknown): DeletionProblem {
  if (hasErrorCode(error, ERROR_CODES.deleteEmailMismatch)) return { field: 'email', message: 'This is not the e-mail address of your account.' };
  if (hasErrorCode(error, ERROR_CODES.deletePasswordIncorrect)) return { field: 'password', message: 'That password is not right.' };
  if (hasErrorCode(error, ERROR_CODES.rateLimited)) return { field: 'form', message: 'Too many attempts. Please wait a few minutes, then try again.' };
  return { field: 'form', message: 'Your account could not be deleted just now. Please try again.' };
}

/**
 * After the server deleted the account: this browser's unsent copies of its documents and every
 * cached answer go, then the browser signs out here only (the sign-in's session is gone with the
 * account) and lands on the start page with its notice.
 */
export async function finishDeletion({
  tenantId,
  clearOfflineCopies,
  clearQueries,
  signOut,
}: {
  tenantId: string;
  clearOfflineCopies: (tenantId: string) => Promise<void>;
  clearQueries: () => void;
  signOut: (options: SignOutOptions) => Promise<void>;
}): Promise<void> {
  // The copies are unreachable without the account; failing to clear them must not keep the writer signed in.
  await clearOfflineCopies(tenantId).catch(() => undefined);
  clearQueries();
  await signOut({ localOnly: true, to: ACCOUNT_DELETED_PATH });
}
