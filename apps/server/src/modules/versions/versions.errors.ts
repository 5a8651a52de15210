import { AppError } from '../../lib/errors';

export const versionsErrors = {
  notFound: () => new AppError({ status: 404, code: 'version_not_found', message: 'No such version of this document.' }),
};
