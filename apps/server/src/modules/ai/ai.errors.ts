import { AI_NOT_SET_UP, type ErrorCode, type OperationType } from '@bree/contracts';
import { AppError } from '../../lib/errors';
import { documentNotFound } from '../files/files.port';

/** Stable codes of the writing error kinds (docs/PRODUCT.md#assistant), one per operation type. */
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
  /** Said plainly to whoever pressed the button; what to set is in the start log, the README and the administrators' settings (ai.setup.ts). */
  notConfigured: () => new AppError({ status: 503, code: 'ai_not_configured', message: `${AI_NOT_SET_UP}.` }),
  invalidInput: (message: string) => new AppError({ status: 400, code: 'invalid_input', message }),
  operationNotFound: () => new AppError({ status: 404, code: 'operation_not_found', message: 'No AI operation with this id.' }),
  instructionRequired: () => new AppError({ status: 400, code: 'instruction_required', message: 'Type what you want the AI to write.' }),
  /** The files module's one file_not_found. */
  documentNotFound: () => documentNotFound(),
  /** A failed generation, as told to the client in the SSE `error` event. */
  operationFailed: ({ operationType, reason }: { operationType: OperationType; reason: string }) =>
    new AppError({
      status: 502,
      code: OPERATION_ERROR_CODES[operationType],
      message: `Could not ${OPERATION_LABELS[operationType]}: ${reason}`,
    }),
};
