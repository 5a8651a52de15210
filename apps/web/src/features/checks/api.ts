import { aiChecksAnswerSchema } from '@bree/contracts';
import type { AiChecksAnswer, AiChecksBody } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** One model call reads the whole text before answering: a long document takes a while, longer than the default timeout. */
export const AI_CHECKS_TIMEOUT_MS = 120_000;

/**
 * POST /checks/ai (docs/CHECKS.md "AI checks"): one metered AI read of the document's or the
 * selection's blocks; the findings come anchored in their blocks. Rejects with the server's
 * ApiError: 402 budget_exceeded (details say what ran out), 503 ai_not_configured, 400
 * checks_text_too_long, 404 file_not_found, 502 checks_failed. Tried once: an unreadable answer
 * (502) was metered, and a 5xx is not remembered for replays, so a retry would be a second charge;
 * the writer asks again with the panel's button.
 */
export function runAiChecks(api: ApiClient, body: AiChecksBody, options: { signal?: AbortSignal } = {}): Promise<AiChecksAnswer> {
  return api.post('/checks/ai', body, {
    schema: aiChecksAnswerSchema,
    timeoutMs: AI_CHECKS_TIMEOUT_MS,
    retry: false,
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
