import { NO_REPOSITORY_DOCUMENTS } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** Errors of the voice domain, each with a stable code. */
export const voiceErrors = {
  noSamples: () => new AppError({ status: 409, code: 'no_voice_samples', message: NO_REPOSITORY_DOCUMENTS }),
};
