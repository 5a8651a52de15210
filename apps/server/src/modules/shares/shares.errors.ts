import { SHARE_MESSAGES } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** Errors of the sharing domain, each with a stable code. */
export const sharesErrors = {
  /** The same answer for a slug that never existed and one switched off or replaced: a reader learns nothing. */
  shareNotFound: () => new AppError({ status: 404, code: 'share_not_found', message: SHARE_MESSAGES.notFound }),
  notShared: () => new AppError({ status: 404, code: 'share_not_found', message: 'This document is not shared: switch sharing on first.' }),
};
