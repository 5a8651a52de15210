import type { NotificationHub } from '../../db/notifications';
import type { VoiceProfileRow } from './voice.table';

/** How long a profile read for prompts is reused; edits anywhere show at once, this is the safety net. */
const PROMPT_PROFILE_TTL_MS = 30_000;

/** Every Bree process forgets the tenant named in a message on this channel. */
export const VOICE_PROFILE_CHANNEL = 'bree_voice_profile_changed';

/**
 * The voice profile as AI prompts read it. Every operation needs it before its first token and
 * it changes rarely, so it is kept briefly per tenant. A write here forgets it at once and, through
 * `hub` (NOTIFY), in every other Bree process too; a message missed while a LISTEN connection was
 * down is covered by the TTL. The profile screen always reads the database.
 */
export function createPromptProfileCache({
  load,
  now,
  ttlMs = PROMPT_PROFILE_TTL_MS,
  hub,
}: {
  load: (tenantId: string) => Promise<VoiceProfileRow | null>;
  now: () => Date;
  ttlMs?: number;
  hub?: Pick<NotificationHub, 'listen' | 'notify'>;
}) {
  const entries = new Map<string, { row: VoiceProfileRow | null; at: number }>();
  const listening = hub ? hub.listen(VOICE_PROFILE_CHANNEL, ({ payload }) => entries.delete(payload)) : Promise.resolve();
  return {
    async get(tenantId: string): Promise<VoiceProfileRow | null> {
      const hit = entries.get(tenantId);
      if (hit && now().getTime() - hit.at < ttlMs) return hit.row;
      const row = await load(tenantId);
      entries.set(tenantId, { row, at: now().getTime() });
      return row;
    },
    /** The tenant's profile changed: forgotten here now, and in every process listening once the message arrives. */
    async forget(tenantId: string): Promise<void> {
      entries.delete(tenantId);
      // Unsent, the other processes still forget it when the TTL runs out.
      await hub?.notify(VOICE_PROFILE_CHANNEL, tenantId).catch(() => undefined);
    },
    /** Resolves once this process hears the other processes' changes. */
    listening: (): Promise<void> => listening,
  };
}
