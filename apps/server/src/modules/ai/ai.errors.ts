import type { AiTier, ErrorCode, OperationType } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** The env vars that make each provider usable, named in the 503 so an operator knows what to set. */
export const PROVIDER_ENV: Record<string, string> = {
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': 'AI_OPENAI_COMPATIBLE_BASE_URL (and AI_OPENAI_COMPATIBLE_API_KEY if it needs one)',
};

/** Stable codes of the writing error kinds (spec 2 §8), one per operation type. */
export const OPERATION_ERROR_CODES: Record<OperationType, ErrorCode> = {
  rewrite: 'rewrite_failed',
  fillParagraph: 'fill_paragraph_failed',
  fillSentence: 'fill_sentence_failed',
  insertContent: 'insert_content_failed',
};

const OPERATION_LABELS: Record<OperationType, string> = {
  rewrite: 'rewrite the selection',
  fillParagraph: 'fill the paragraph',
  fillSentence: 'fill the sentence',
  insertContent: 'insert content',
};

/** Errors of the AI domain, each with a stable code. */
export const aiErrors = {
  notConfigured: ({ tier, provider }: { tier: AiTier; provider: string }) =>
    new AppError({
      status: 503,
      code: 'ai_not_configured',
      message: `AI is not configured for the ${tier} tier: set ${PROVIDER_ENV[provider] ?? 'the provider credentials'} (or point AI_${tier.toUpperCase()}_MODEL at a configured provider).`,
    }),
  invalidInput: (message: string) => new AppError({ status: 400, code: 'invalid_input', message }),
  operationNotFound: () => new AppError({ status: 404, code: 'operation_not_found', message: 'No AI operation with this id.' }),
  documentNotFound: () => new AppError({ status: 404, code: 'file_not_found', message: 'No document with this id.' }),
  /** A failed generation, as told to the client in the SSE `error` event. */
  operationFailed: ({ operationType, reason }: { operationType: OperationType; reason: string }) =>
    new AppError({
      status: 502,
      code: OPERATION_ERROR_CODES[operationType],
      message: `Could not ${OPERATION_LABELS[operationType]}: ${reason}`,
    }),
};
