import { ERROR_CODES, VERSION_NAME_MAX } from '@bree/contracts';
import { AppError } from '../../lib/errors';

export const versionsErrors = {
  notFound: () => new AppError({ status: 404, code: ERROR_CODES.versionNotFound, message: 'No such version of this document.' }),
  nameInvalid: () =>
    new AppError({
      status: 400,
      code: ERROR_CODES.versionNameInvalid,
      message: `A version's name has 1 to ${VERSION_NAME_MAX} characters.`,
      details: { fields: ['name'] },
    }),
};
