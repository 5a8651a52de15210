import { AppError } from '../../lib/errors';
import type { AiCallReport } from '../metrics/metrics';

/** Told of every metered call as it ends or is refused (the metrics, docs/OPERATIONS.md); never throws. */
export type AiCallObserver = (report: AiCallReport) => void;

/** A refusal before the call ran, as the metrics name it; undefined for any other error. */
export function refusalOf(error: unknown): AiCallReport['outcome'] | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'ai_not_configured') return 'not_configured';
  return error.status === 402 ? 'budget_exceeded' : undefined;
}
