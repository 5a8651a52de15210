import { AppError } from '../../lib/errors';

/** Errors of the usage domain. */
export const usageErrors = {
  budgetExceeded: () => new AppError({ status: 402, code: 'budget_exceeded', message: 'Budget limit exceeded. Please upgrade your plan to continue.' }),
};
