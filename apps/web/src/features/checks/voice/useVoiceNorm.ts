import { useQuery } from '@tanstack/react-query';
import type { VoiceStats } from '@bree/contracts';
import { useServices } from '../../../app/services';
import { VOICE_PROFILE_KEY, getVoiceProfile } from '../../voice/api';

/**
 * How long a fetched profile is reused before the panel asks again: the voice changes only when
 * the author analyses it, and the Voice panel refreshes this same cached query then.
 */
const PROFILE_STALE_MS = 60_000;

/**
 * The author's analysed voice for the off-voice check (docs/CHECKS.md "Sentences that read unlike
 * you"): the Voice panel's own profile query (same key, same request), so an open panel or a
 * suggestion card that already loaded it costs no request. `profile` is null until the voice has
 * been analysed with some text.
 */
export function useVoiceNorm(): { profile: VoiceStats | null; loading: boolean } {
  const { api } = useServices();
  const query = useQuery({ queryKey: VOICE_PROFILE_KEY, queryFn: () => getVoiceProfile(api), staleTime: PROFILE_STALE_MS });
  const stats = query.data?.stats ?? null;
  return { profile: stats && stats.words > 0 && stats.sentences > 0 ? stats : null, loading: query.isPending };
}
