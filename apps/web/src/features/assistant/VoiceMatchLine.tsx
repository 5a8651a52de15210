import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { VOICE_PROFILE_KEY, getVoiceProfile } from '../voice/api';
import { voiceMatchText } from './voiceMatch';

/** How long a fetched profile is reused by the cards; the Voice panel refreshes it after an analysis. */
const PROFILE_STALE_MS = 60_000;

/**
 * The suggestion's voice match score beside the original's, computed in the browser from the
 * analysed profile (no model call). Renders nothing before an analysis or for a text too short.
 */
export function VoiceMatchLine({ suggested, original }: { suggested: string; original: string }) {
  const { api } = useServices();
  const profile = useQuery({ queryKey: VOICE_PROFILE_KEY, queryFn: () => getVoiceProfile(api), staleTime: PROFILE_STALE_MS });
  const text = voiceMatchText({ suggested, original, stats: profile.data?.stats });
  if (!text) return null;
  return (
    <p className="mt-2 text-xs text-muted" data-testid="voice-match" title="How close the text is to your analysed voice, from 0 to 100">
      {text}
    </p>
  );
}
