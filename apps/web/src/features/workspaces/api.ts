import {
  convertWorkspaceAnswerSchema,
  createVariantAnswerSchema,
  deleteVariantAnswerSchema,
  variantAnswerSchema,
  workspaceFilesAnswerSchema,
  workspaceMetadataSchema,
} from '@bree/contracts';
import type { AiTier, VariantType } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

const seg = (id: string) => encodeURIComponent(id);

/** Query keys of the workspace feature: one document's metadata, one workspace's picker. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  metadata: (fileId: string) => ['workspaces', 'metadata', fileId] as const,
  files: (fileId: string) => ['workspaces', 'files', fileId] as const,
};

/** POST /workspaces/convert: the document becomes the master of a Standard workspace. */
export function convertToWorkspace(api: ApiClient, fileId: string) {
  return api.post('/workspaces/convert', { fileId, workspaceType: 'standard' }, { schema: convertWorkspaceAnswerSchema });
}

/** GET /workspaces/metadata/{fileId} (getFileMetadata): answers for any document. */
export function getWorkspaceMetadata(api: ApiClient, fileId: string) {
  return api.get(`/workspaces/metadata/${seg(fileId)}`, { schema: workspaceMetadataSchema });
}

/** GET /workspaces/{fileId}/files: the picker, master first. */
export function listWorkspaceFiles(api: ApiClient, fileId: string) {
  return api.get(`/workspaces/${seg(fileId)}/files`, { schema: workspaceFilesAnswerSchema });
}

export interface CreateVariantInput {
  type: VariantType;
  instructions?: string;
  providerMode?: AiTier;
  currentDocumentId: string;
  currentContent: unknown;
}

/** POST /workspaces/{fileId}/variants: Duplicate or an AI action; an AI variant answers while it is still being written. */
export function createVariant(api: ApiClient, fileId: string, input: CreateVariantInput) {
  // An AI variant's request only starts the work: it answers at once, well within the default timeout.
  return api.post(`/workspaces/${seg(fileId)}/variants`, input, { schema: createVariantAnswerSchema });
}

/** PATCH /workspaces/variants/{variantId}: the variant's label. */
export function renameVariant(api: ApiClient, variantId: string, variantLabel: string) {
  return api.patch(`/workspaces/variants/${seg(variantId)}`, { variantLabel }, { schema: variantAnswerSchema });
}

/** DELETE /workspaces/variants/{variantId}: the variant goes to the Trash. */
export function deleteVariant(api: ApiClient, variantId: string) {
  return api.delete(`/workspaces/variants/${seg(variantId)}`, { schema: deleteVariantAnswerSchema });
}

/** POST /workspaces/variants/{variantId}/update-from-master: made again from the master's text now. */
export function updateFromMaster(api: ApiClient, variantId: string, providerMode?: AiTier) {
  return api.post(`/workspaces/variants/${seg(variantId)}/update-from-master`, providerMode ? { providerMode } : {}, { schema: createVariantAnswerSchema });
}
