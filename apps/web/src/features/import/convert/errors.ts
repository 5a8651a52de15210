import { IMPORT_MESSAGES } from '../validate';

/** Why a file could not be converted; each has a sentence a writer can act on. */
export type ImportProblem = 'empty' | 'docx_too_large_unpacked' | 'docx_malformed' | 'docx_timeout';

const REASONS: Record<ImportProblem, string> = {
  empty: IMPORT_MESSAGES.empty,
  docx_too_large_unpacked: IMPORT_MESSAGES.docxTooLargeUnpacked,
  docx_malformed: IMPORT_MESSAGES.docxMalformed,
  docx_timeout: IMPORT_MESSAGES.docxTimeout,
};

/** A conversion failure with a stable problem code; its message is the user-facing reason. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
  readonly problem: ImportProblem;

  constructor(problem: ImportProblem, options?: { cause?: unknown }) {
    super(REASONS[problem], options);
    this.problem = problem;
  }
}

/** True for an ImportError, also one rebuilt from a worker's answer. */
export function isImportError(value: unknown): value is ImportError {
  return value instanceof ImportError;
}
