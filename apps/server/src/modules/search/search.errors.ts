import { AppError } from '../../lib/errors';

/** Errors of the search domain, each with a stable code. */
export const searchErrors = {
  /** Vector and hybrid search on a server whose meaning search cannot run; the message says why (text search still works). */
  vectorUnavailable: (message: string) => new AppError({ status: 503, code: 'vector_search_unavailable', message }),
};
