import { useCallback, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { AiTier, VariantType, WorkspaceFile } from '@bree/contracts';
import { useNavigate } from '../../app/navigation';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { assistantErrorMessage, getProviderStatus } from '../assistant/api';
import { isAiNotConfigured, refreshAiAvailability } from '../assistant/aiAvailability';
import { budgetAllowsAction } from '../assistant/budget';
import { budgetRefusalOf, LOCAL_REFUSAL, refusalText, type BudgetRefusal } from '../billing/refusal';
import { confirmDelete } from '../documents/asks';
import { emitFileListChanged } from '../documents/events';
import { createVariant, deleteVariant, renameVariant, workspaceKeys } from './api';
import { notifyPlanRequired } from './planRequired';
import { createdMessage, failedMessage, variantDisplayLabel } from './rules';
import { asPending, watchVariant } from './useWorkspace';

interface Options {
  tenantId: string;
  /** The open document (the master or one of its variants). */
  fileId: string;
  /** The workspace's master. */
  rootId: string;
  editor: Editor;
}

/** The document's Fast/Premium choice, as the assistant's calls use it; unknown leaves it to the server. */
async function tierOf(api: Parameters<typeof getProviderStatus>[0], fileId: string): Promise<AiTier | undefined> {
  try {
    return (await getProviderStatus(api, fileId)).provider;
  } catch {
    return undefined;
  }
}

/** The action grid and the picker's rename and delete, on the workspace of the open document. */
export function useVariantActions({ tenantId, fileId, rootId, editor }: Options) {
  const { api, queryClient } = useServices();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<VariantType | null>(null);
  const filesKey = workspaceKeys.files(rootId);

  const addToPicker = useCallback(
    (variant: WorkspaceFile) => {
      queryClient.setQueryData<{ workspace: unknown; items: WorkspaceFile[] }>(filesKey, (old) =>
        old ? { ...old, items: [...old.items.filter((i) => i.fileId !== variant.fileId), variant] } : old,
      );
    },
    [filesKey, queryClient],
  );

  // The refusal's switch runs the same variant again on the other tier (docs/BILLING.md#refusals).
  const again = useRef<(type: VariantType, instructions: string | undefined, tier: AiTier) => void>(() => undefined);
  const refused = useCallback(
    (refusal: BudgetRefusal, type: VariantType, instructions: string | undefined) => {
      const { action } = refusal;
      const run = action?.kind === 'switch' ? () => again.current(type, instructions, action.tier) : action ? () => void navigate(action.to) : null;
      notify.error(refusalText(refusal), action && run ? { action: { label: action.label, run } } : {});
    },
    [navigate],
  );

  const create = useCallback(
    async (type: VariantType, instructions?: string, tier?: AiTier) => {
      setBusy(type);
      try {
        if (type !== 'duplicate' && !(await budgetAllowsAction(api))) {
          refused(LOCAL_REFUSAL, type, instructions);
          return;
        }
        const providerMode = type === 'duplicate' ? undefined : (tier ?? (await tierOf(api, fileId)));
        // The editor's text now, saved or not: the variant is made from what the writer sees.
        const answer = await createVariant(api, rootId, {
          type,
          ...(instructions ? { instructions } : {}),
          ...(providerMode ? { providerMode } : {}),
          currentDocumentId: fileId,
          currentContent: editor.getJSON(),
        });
        if (answer.status === 'generating') watchVariant(answer.variantId);
        addToPicker(answer.variant);
        emitFileListChanged(tenantId);
        if (answer.status === 'ready') {
          notify.success(createdMessage(type), { action: { label: 'Open', run: () => void navigate(`/app/${answer.variantId}`) } });
        }
      } catch (error) {
        const refusal = budgetRefusalOf(error);
        if (refusal) return refused(refusal, type, instructions);
        if (isAiNotConfigured(error)) refreshAiAvailability(queryClient);
        if (!notifyPlanRequired(error, failedMessage(type), () => void navigate('/subscription')))
          notify.error(failedMessage(type, assistantErrorMessage(error)));
      } finally {
        setBusy(null);
      }
    },
    [addToPicker, api, editor, fileId, navigate, queryClient, refused, rootId, tenantId],
  );
  again.current = (type, instructions, tier) => void create(type, instructions, tier);

  const rename = useCallback(
    async (item: WorkspaceFile, label: string) => {
      const previous = queryClient.getQueryData(filesKey);
      // Shown at once; the refresh after the change waits for the answer (docs/PRODUCT.md#workspaces).
      queryClient.setQueryData<{ workspace: unknown; items: WorkspaceFile[] }>(filesKey, (old) =>
        old ? { ...old, items: old.items.map((i) => (i.fileId === item.fileId ? { ...i, variantLabel: label } : i)) } : old,
      );
      try {
        await asPending(() => renameVariant(api, item.fileId, label));
        notify.success('Variant renamed successfully');
        emitFileListChanged(tenantId);
        return true;
      } catch {
        queryClient.setQueryData(filesKey, previous);
        notify.error('Failed to rename variant');
        return false;
      }
    },
    [api, filesKey, queryClient, tenantId],
  );

  const remove = useCallback(
    async (item: WorkspaceFile) => {
      if (!(await confirmDelete(variantDisplayLabel(item)))) return;
      const previous = queryClient.getQueryData(filesKey);
      queryClient.setQueryData<{ workspace: unknown; items: WorkspaceFile[] }>(filesKey, (old) =>
        old ? { ...old, items: old.items.filter((i) => i.fileId !== item.fileId) } : old,
      );
      try {
        await asPending(() => deleteVariant(api, item.fileId));
        notify.success('File deleted');
        emitFileListChanged(tenantId);
        // The open document went to the Trash: its master is where the writer continues.
        if (item.fileId === fileId) void navigate(`/app/${rootId}`, { replace: true });
      } catch {
        queryClient.setQueryData(filesKey, previous);
        notify.error('Failed to delete file');
      }
    },
    [api, fileId, filesKey, navigate, queryClient, rootId, tenantId],
  );

  return { create, rename, remove, busy };
}
