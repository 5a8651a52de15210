import { AppError } from '../../lib/errors';

/** Errors of deleting an account (docs/ACCOUNT.md "Delete my account"), each with a stable code. */
export const deletionErrors = {
  emailMismatch: () => new AppError({ status: 400, code: 'delete_email_mismatch', message: 'The e-mail address you typed is not the one of this account.' }),
  passwordIncorrect: () => new AppError({ status: 400, code: 'delete_password_incorrect', message: 'That password is not right. Type your current password.' }),
};
