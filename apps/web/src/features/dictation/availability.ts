import { useQuery } from '@tanstack/react-query';
import type { AiConfig } from '@bree/contracts';
import { useServices } from '../../app/services';
import { aiConfigQuery } from '../assistant/aiAvailability';
import { getCurrentTenant } from '../tenancy';
import { DICTATION_NOT_SET_UP, DICTATION_NOT_SET_UP_HERE } from './errors';

/**
 * Whether dictation works on this server, and the words when not: an administrator (whose answer
 * carries the setup notes) reads what to set, any other writer to ask their administrator.
 * Until the server answered, the microphone stays usable: a refused call says itself what is missing.
 */
export function dictationAvailabilityOf(config: AiConfig | undefined): { available: boolean; reason: string } {
  const info = config?.transcription;
  if (!info || info.available) return { available: true, reason: '' };
  const note = config?.setup?.find((n) => n.tier === 'transcription');
  return { available: false, reason: note ? `${DICTATION_NOT_SET_UP_HERE} ${note.advice}` : DICTATION_NOT_SET_UP };
}

/** Whether dictation works on this server, read from the same answer as every AI button's (GET /api/config/ai). */
export function useDictationAvailability(): { available: boolean; reason: string } {
  const { api } = useServices();
  const tenantId = getCurrentTenant();
  const query = useQuery(aiConfigQuery(api, tenantId));
  return dictationAvailabilityOf(query.data);
}
