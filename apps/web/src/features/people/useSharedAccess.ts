import { useQuery } from '@tanstack/react-query';
import { PRESENCE_HEARTBEAT_SECONDS, type DocumentAccessRole } from '@bree/contracts';
import { useServices } from '../../app/services';
import { isApiError } from '../../lib/api';
import { accessOf } from './api';

export type SharedAccess = { kind: 'checking' } | { kind: 'granted'; role: DocumentAccessRole } | { kind: 'lost' } | { kind: 'unknown' };

/**
 * The caller's role on a shared document, asked again as often as presence beats and when the
 * window comes back: a role the owner changes or removes holds here without a reload. A 404 is
 * access lost; a failure without the server's answer (offline) keeps the role last known.
 */
export function useSharedAccess(fileId: string): SharedAccess {
  const { api } = useServices();
  const query = useQuery({
    queryKey: ['grants', 'access', fileId],
    queryFn: () => accessOf(api, fileId),
    refetchInterval: (q) => (isLost(q.state.error) ? false : PRESENCE_HEARTBEAT_SECONDS * 1000),
    refetchOnWindowFocus: 'always',
    retry: (count, error) => !isLost(error) && count < 2,
  });
  if (isLost(query.error)) return { kind: 'lost' };
  if (query.data) return { kind: 'granted', role: query.data };
  return query.isError ? { kind: 'unknown' } : { kind: 'checking' };
}

const isLost = (error: unknown) => isApiError(error) && error.status === 404;
