import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { isApiError } from '../../lib/api';
import { listSuggestions } from './api';

/** How often an open document asks for suggestions (and at once on coming back to the tab), as comments do. */
export const SUGGESTIONS_REFRESH_MS = 15_000;

const isGone = (error: unknown) => isApiError(error) && error.status === 404;

/** The document's open suggestions, kept fresh; a document gone is asked no more. */
export function useSuggestionsList(fileId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['suggestions', fileId],
    queryFn: () => listSuggestions(api, fileId),
    retry: (count, error) => !isGone(error) && count < 2,
    refetchInterval: (q) => (isGone(q.state.error) ? false : SUGGESTIONS_REFRESH_MS),
    refetchOnWindowFocus: (q) => (isGone(q.state.error) ? false : 'always'),
  });
}
