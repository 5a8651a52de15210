import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAuditAnswerSchema, aiSwitchAnswerSchema, type AiSwitch } from '@bree/contracts';
import { useServices } from '../../app/services';

export const opsKeys = {
  aiSwitch: ['admin', 'ai-switch'] as const,
  auditLog: ['admin', 'audit-log'] as const,
};

/** The installation's AI switch as the server has it (docs/OPERATIONS.md "The AI switch"). */
export function useAiSwitch() {
  const { api } = useServices();
  return useQuery({
    queryKey: opsKeys.aiSwitch,
    queryFn: ({ signal }) => api.get('/admin/ai-switch', { schema: aiSwitchAnswerSchema, signal }),
  });
}

/**
 * Stores a new switch; then every view of what AI this server has is read again (the Dashboard's
 * models, the editor's buttons in this tab) and the audit log, which now lists the change.
 */
export function useSetAiSwitch() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: AiSwitch) => api.put('/admin/ai-switch', next, { schema: aiSwitchAnswerSchema }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(opsKeys.aiSwitch, answer);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['ai-config'] }), queryClient.invalidateQueries({ queryKey: opsKeys.auditLog })]);
    },
  });
}

/** The audit log, newest first, a page at a time. */
export function useAuditLog() {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: opsKeys.auditLog,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/admin/audit-log${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { schema: adminAuditAnswerSchema, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}
