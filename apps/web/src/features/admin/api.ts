import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accessAnswerSchema,
  dailySignupsAnswerSchema,
  postAnswerSchema,
  publishableListAnswerSchema,
  publishingPreviewAnswerSchema,
  totalsAnswerSchema,
  userListAnswerSchema,
  userLookupAnswerSchema,
  userUsageAnswerSchema,
  type MetricsRange,
  type PublishingDraft,
  type UserSegment,
} from '@bree/contracts';
import { useServices } from '../../app/services';

export const adminKeys = {
  access: ['admin', 'access'] as const,
  totals: (range: MetricsRange) => ['admin', 'totals', range] as const,
  signups: ['admin', 'dailySignups'] as const,
  list: (segment: UserSegment, range: MetricsRange, cursor: string | null) => ['admin', 'list', segment, range, cursor] as const,
  usage: (userId: string) => ['admin', 'usage', userId] as const,
  documents: ['admin', 'publishing', 'documents'] as const,
  preview: (fileId: string) => ['admin', 'publishing', 'preview', fileId] as const,
};

/** What the signed-in account may open: the profile menu's Admin block and /admin ask the server, which knows ADMIN_EMAILS. */
export function useAccess() {
  const { api } = useServices();
  return useQuery({
    queryKey: adminKeys.access,
    queryFn: ({ signal }) => api.get('/users/access', { schema: accessAnswerSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useTotals(range: MetricsRange) {
  const { api } = useServices();
  return useQuery({
    queryKey: adminKeys.totals(range),
    queryFn: ({ signal }) => api.get(`/admin/users/totals?range=${range}`, { schema: totalsAnswerSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDailySignups() {
  const { api } = useServices();
  return useQuery({
    queryKey: adminKeys.signups,
    queryFn: ({ signal }) => api.get('/admin/users/dailySignups', { schema: dailySignupsAnswerSchema, signal }),
  });
}

/** One page (50 rows) of a segment; `cursor` is the page's keyset cursor, null for the first page. */
export function useUserList(segment: UserSegment, range: MetricsRange, cursor: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: adminKeys.list(segment, range, cursor),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ segment, range, limit: '50', ...(cursor ? { cursor } : {}) });
      return api.get(`/admin/users/list?${query}`, { schema: userListAnswerSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useUserUsage(userId: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: adminKeys.usage(userId ?? ''),
    queryFn: ({ signal }) => api.get(`/admin/users/${encodeURIComponent(userId!)}/usage`, { schema: userUsageAnswerSchema, signal }),
    enabled: userId !== null,
  });
}

/** The usage explorer's e-mail lookup. */
export function useLookup() {
  const { api } = useServices();
  return useMutation({
    mutationFn: (email: string) => api.get(`/admin/users/lookup?email=${encodeURIComponent(email)}`, { schema: userLookupAnswerSchema }),
  });
}

export function usePublishableDocuments(enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: adminKeys.documents,
    queryFn: ({ signal }) => api.get('/admin/publishing/documents', { schema: publishableListAnswerSchema, signal }),
    enabled,
  });
}

export function usePreview(fileId: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: adminKeys.preview(fileId ?? ''),
    queryFn: ({ signal }) => api.get(`/admin/publishing/documents/${encodeURIComponent(fileId!)}/preview`, { schema: publishingPreviewAnswerSchema, signal }),
    enabled: fileId !== null,
  });
}

export type PublishingAction = 'draft' | 'publish' | 'unpublish';

/** Save draft, Publish and Unpublish; the list is read again after each. */
export function usePublishingAction() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, action, draft }: { fileId: string; action: PublishingAction; draft: PublishingDraft }) => {
      const base = `/admin/publishing/documents/${encodeURIComponent(fileId)}`;
      if (action === 'draft') return api.put(`${base}/draft`, draft, { schema: postAnswerSchema });
      if (action === 'publish') return api.post(`${base}/publish`, draft, { schema: postAnswerSchema });
      return api.post(`${base}/unpublish`, {}, { schema: postAnswerSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.documents }),
  });
}
