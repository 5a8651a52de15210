import { COMMENT_MESSAGES } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** Errors of comments, each with a stable code (docs/COLLABORATION.md "Comments"). */
export const commentsErrors = {
  /** Unknown ids and those of a document the caller cannot read get the same answer. */
  notFound: () => new AppError({ status: 404, code: 'comment_not_found', message: COMMENT_MESSAGES.notFound }),
  notYours: () => new AppError({ status: 403, code: 'comment_not_yours', message: COMMENT_MESSAGES.notYours }),
  tooMany: () => new AppError({ status: 409, code: 'too_many_comments', message: COMMENT_MESSAGES.tooMany }),
};
