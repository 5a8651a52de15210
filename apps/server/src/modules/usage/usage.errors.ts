import { AppError } from '../../lib/errors';

/** Errors of the usage domain. */
export const usageErrors = {
  budgetExceeded: () => new AppError({ status: 402, code: 'budget_exceeded', message: 'Budget limit exceeded. Please upgrade your plan to continue.' }),
  voiceMinutesExceeded: () =>
    new AppError({
      status: 402,
      code: 'voice_minutes_exceeded',
      message: "Voice minutes quota exceeded. You have used this month's voice minutes of your plan.",
    }),
};
