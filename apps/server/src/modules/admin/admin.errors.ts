import { AppError } from '../../lib/errors';

/** Errors of the admin portal's reports, each with a stable code. */
export const adminErrors = {
  userNotFound: () => new AppError({ status: 404, code: 'user_not_found', message: 'No account has this id or e-mail address.' }),
  invalidCursor: () =>
    new AppError({ status: 400, code: 'invalid_cursor', message: 'This page cursor is not one Bree gave out. Load the list from its first page.' }),
  invalidDays: () => new AppError({ status: 400, code: 'invalid_input', message: "'from' must be a day on or before 'to', at most 366 days earlier." }),
};
