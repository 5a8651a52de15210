import { dictationAnswerSchema, dictationPreviewAnswerSchema, type DictationAnswer } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** A 10-minute recording and its polish take a while: longer than the default 30 s of a call. */
const DICTATION_TIMEOUT_MS = 180_000;

/** POST /api/dictations: the final recording → its (polished) text; retried with the same operation id, it is transcribed once. */
export function sendRecording(
  api: ApiClient,
  { fileId, audio, durationMs, polish, target }: { fileId: string; audio: Blob; durationMs: number; polish: boolean; target: 'document' | 'instruction' },
  signal?: AbortSignal,
): Promise<DictationAnswer> {
  const query = new URLSearchParams({ fileId, durationMs: String(Math.max(1, Math.round(durationMs))), polish: String(polish), target });
  return api.post(`/dictations?${query}`, audio, { schema: dictationAnswerSchema, timeoutMs: DICTATION_TIMEOUT_MS, signal });
}

/**
 * POST /api/dictations/received: the answer's words are in the editor, so the server drops its own write of
 * them. Sent with keepalive (the page may be closing); a lost one means the words twice, never none.
 */
export function acknowledgeRecording(api: ApiClient, receipt: string): void {
  void api.post('/dictations/received', { receipt }, { keepalive: true }).catch(() => undefined);
}

/** POST /api/dictations/preview: a few seconds of audio → the words heard, for the greyed live text. */
export async function sendPreviewChunk(api: ApiClient, { fileId, audio, durationMs }: { fileId: string; audio: Blob; durationMs: number }): Promise<string> {
  const query = new URLSearchParams({ fileId, durationMs: String(Math.max(1, Math.round(durationMs))) });
  const answer = await api.post(`/dictations/preview?${query}`, audio, { schema: dictationPreviewAnswerSchema });
  return answer.text;
}
