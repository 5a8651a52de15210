import { AppError, commonErrors } from '../../lib/errors';

/** Errors of 'Export all my data' (docs/ACCOUNT.md "Export all my data"), each with a stable code. */
export const exportErrors = {
  inProgress: () =>
    new AppError({
      status: 409,
      code: 'export_in_progress',
      message: 'An export of your data is already being made. Wait for it to finish, then try again.',
    }),
  tooMany: (retryAfterSeconds: number) => commonErrors.rateLimited(retryAfterSeconds, 'You have exported your data several times this hour. Try again later.'),
};
