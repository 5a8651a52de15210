import { isApiError } from '../../lib/api';

/** Which field of an account form an error belongs to, and the sentence shown under it. */
export interface FormProblem {
  field: 'current' | 'new' | 'email' | 'form';
  message: string;
}

const FIELD_OF: Record<string, FormProblem['field']> = {
  current_password_incorrect: 'current',
  password_too_short: 'new',
  password_too_long: 'new',
  invalid_email: 'email',
  email_unchanged: 'email',
  email_taken: 'email',
};

/**
 * The server's own sentence for the account routes' codes (docs/ACCOUNT.md), next to the field it is
 * about; anything else (no connection, a server failure) is said once for the whole form.
 */
export function formProblemOf(error: unknown): FormProblem {
  if (isApiError(error) && error.status > 0 && error.status < 500) return { field: FIELD_OF[error.code] ?? 'form', message: error.message };
  return { field: 'form', message: 'This could not be saved. Check your connection and try again.' };
}
