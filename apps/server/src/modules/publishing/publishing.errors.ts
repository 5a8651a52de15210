import { AppError } from '../../lib/errors';

/** Errors of the publishing manager, each with a stable code. */
export const publishingErrors = {
  notAllowed: () =>
    new AppError({ status: 403, code: 'publishing_not_allowed', message: 'Publishing belongs to the account named by PUBLISHING_TENANT on this Bree.' }),
  notPublishable: () =>
    new AppError({
      status: 404,
      code: 'document_not_publishable',
      message: 'No document with this id can be published (it may be deleted, a variant or a workspace).',
    }),
  slugTaken: () => new AppError({ status: 409, code: 'slug_taken', message: 'Another post in this category already uses this slug. Choose another one.' }),
  notPublished: () => new AppError({ status: 409, code: 'not_published', message: 'This post is not published.' }),
};
