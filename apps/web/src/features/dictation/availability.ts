import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { aiConfigKey, getAiConfig } from '../assistant/aiAvailability';
import { getCurrentTenant } from '../tenancy';
import { DICTATION_NOT_SET_UP } from './errors';

/** Whether dictation works on this server, and how to enable it when not (administrators get the exact setting). */
export function useDictationAvailability(): { available: boolean; reason: string } {
  const { api } = useServices();
  const tenantId = getCurrentTenant();
  // The same answer as every AI button's (GET /api/config/ai), read once.
  const query = useQuery({ queryKey: aiConfigKey(tenantId), queryFn: () => getAiConfig(api), staleTime: 5 * 60_000 });
  const info = query.data?.transcription;
  // Until the server answered, the microphone stays usable: a refused call says itself what is missing.
  if (!info || info.available) return { available: true, reason: '' };
  const note = query.data?.setup?.find((n) => n.tier === 'transcription');
  return { available: false, reason: note ? `${DICTATION_NOT_SET_UP} ${note.advice}` : DICTATION_NOT_SET_UP };
}
