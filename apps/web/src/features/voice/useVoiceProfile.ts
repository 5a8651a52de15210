import { ERROR_CODES, NO_REPOSITORY_DOCUMENTS } from '@bree/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UpdateVoiceProfileBody, VoiceProfileAnswer, VoiceStatus } from '@bree/contracts';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { hasErrorCode } from '../../lib/errorCodes';
import { VOICE_PROFILE_KEY, getVoiceProfile, requestVoiceAnalysis, updateVoiceProfile } from './api';

/** How often the panel polls the profile while an analysis runs, in ms. */
export const VOICE_POLL_MS = 1500;

/** The window event fired when an analysis started here finishes. */
export const VOICE_ANALYZED_EVENT = 'bree:voice-analyzed';

/** The voice profile, with saving and analysing. */
export interface VoiceProfileState {
  profile: VoiceProfileAnswer | undefined;
  loadFailed: boolean;
  /** True from 'Analyze my voice' until the analysis ends (or while one runs elsewhere). */
  analyzing: boolean;
  saving: boolean;
  analyze(): Promise<void>;
  save(body: Pick<UpdateVoiceProfileBody, 'styleGuide' | 'userNotes'>): Promise<void>;
}

/** Loads the voice profile and polls it every 1.5 s while an analysis is running. */
export function useVoiceProfile(): VoiceProfileState {
  const { api, queryClient } = useServices();
  const [waiting, setWaiting] = useState(false);
  const [saving, setSaving] = useState(false);
  const since = useRef(0);
  const query = useQuery({
    queryKey: VOICE_PROFILE_KEY,
    queryFn: () => getVoiceProfile(api),
    staleTime: 0,
    refetchInterval: (q) => (waiting || q.state.data?.status === 'analyzing' ? VOICE_POLL_MS : false),
  });
  const status: VoiceStatus | undefined = query.data?.status;

  useEffect(() => {
    if (!waiting || !status || status === 'analyzing' || query.dataUpdatedAt <= since.current) return;
    setWaiting(false);
    if (status === 'ready') notify.success('Voice profile updated');
    else notify.error(query.data?.error ? `Voice analysis failed: ${query.data.error}` : 'Voice analysis failed');
    window.dispatchEvent(new CustomEvent(VOICE_ANALYZED_EVENT, { detail: { status } }));
  }, [waiting, status, query.dataUpdatedAt, query.data?.error]);

  const analyze = useCallback(async () => {
    try {
      await requestVoiceAnalysis(api);
      since.current = Date.now();
      queryClient.setQueryData<VoiceProfileAnswer>(VOICE_PROFILE_KEY, (old) => (old ? { ...old, status: 'analyzing', error: null } : old));
      setWaiting(true);
    } catch (error) {
      if (hasErrorCode(error, ERROR_CODES.noVoiceSamples)) notify.info(NO_REPOSITORY_DOCUMENTS);
      else notify.error('Failed to start voice analysis');
    }
  }, [api, queryClient]);

  const save = useCallback(
    async (body: Pick<UpdateVoiceProfileBody, 'styleGuide' | 'userNotes'>) => {
      setSaving(true);
      try {
        const answer = await updateVoiceProfile(api, body);
        queryClient.setQueryData(VOICE_PROFILE_KEY, answer);
        notify.success('Voice profile saved');
      } catch {
        notify.error('Failed to save voice profile');
      } finally {
        setSaving(false);
      }
    },
    [api, queryClient],
  );

  return {
    profile: query.data,
    loadFailed: query.isError,
    analyzing: waiting || status === 'analyzing',
    saving,
    analyze,
    save,
  };
}
