import type { VoiceProfileRow } from './voice.table';

/** How long a profile read for prompts is reused; this process's own edits show at once. */
const PROMPT_PROFILE_TTL_MS = 30_000;

/**
 * The voice profile as AI prompts read it. Every operation needs it before its first token and
 * it changes rarely, so it is kept briefly per tenant: writes here forget it at once, and writes
 * by another Bree process show within the TTL. The profile screen always reads the database.
 */
export function createPromptProfileCache({
  load,
  now,
  ttlMs = PROMPT_PROFILE_TTL_MS,
}: {
  load: (tenantId: string) => Promise<VoiceProfileRow | null>;
  now: () => Date;
  ttlMs?: number;
}) {
  const entries = new Map<string, { row: VoiceProfileRow | null; at: number }>();
  return {
    async get(tenantId: string): Promise<VoiceProfileRow | null> {
      const hit = entries.get(tenantId);
      if (hit && now().getTime() - hit.at < ttlMs) return hit.row;
      const row = await load(tenantId);
      entries.set(tenantId, { row, at: now().getTime() });
      return row;
    },
    forget(tenantId: string): void {
      entries.delete(tenantId);
    },
  };
}
