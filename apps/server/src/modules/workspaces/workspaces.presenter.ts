import { displayName, type Workspace, type WorkspaceFile, type WorkspaceMetadata } from '@bree/contracts';
import type { VariantListRow, WorkspaceFileRow } from './workspaces.repository';
import type { VariantRow, WorkspaceRow } from './workspaces.table';

export function presentWorkspace(row: WorkspaceRow): Workspace {
  return { workspaceId: row.id, masterFileId: row.masterFileId, workspaceType: row.workspaceType, createdAt: row.createdAt.toISOString() };
}

type FileFields = Pick<WorkspaceFileRow, 'id' | 'name' | 'revision' | 'wordCount' | 'createdAt' | 'contentUpdatedAt'>;

function entry(file: FileFields, variant: VariantRow | null, masterRevision: number | null): WorkspaceFile {
  return {
    fileId: file.id,
    name: file.name,
    displayName: displayName(file.name),
    isMaster: variant === null,
    variantLabel: variant?.label ?? null,
    variantType: variant?.variantType ?? null,
    isThreadify: variant?.variantType === 'threadify',
    status: variant?.status ?? null,
    stale: isStale(variant, masterRevision),
    wordCount: file.wordCount,
    revision: file.revision,
    createdAt: file.createdAt.toISOString(),
    lastModified: file.contentUpdatedAt.toISOString(),
  };
}

/** A variant is stale once its master has a newer revision than the one it was made from. */
export function isStale(variant: VariantRow | null, masterRevision: number | null): boolean {
  return variant !== null && masterRevision !== null && masterRevision > variant.masterRevision;
}

/** The picker entry of a master. */
export const presentMasterEntry = (file: FileFields): WorkspaceFile => entry(file, null, null);

/** The picker entry of a variant. */
export const presentVariantEntry = (row: VariantListRow): WorkspaceFile => entry(row.file, row.variant, row.masterRevision);

/** getFileMetadata: the workspace fields of any document (docs/PRODUCT.md#workspaces). */
export function presentMetadata({
  file,
  variantIds,
  currentMasterRevision,
}: {
  file: WorkspaceFileRow;
  variantIds: string[];
  currentMasterRevision: number | null;
}): WorkspaceMetadata {
  const { variant, workspace } = file;
  return {
    fileId: file.id,
    filename: file.name,
    originalPath: file.path,
    variants: variantIds,
    variantLabel: variant?.label ?? null,
    variantType: variant?.variantType ?? null,
    isMaster: workspace !== null,
    isWorkspaceMaster: workspace !== null,
    isThreadify: variant?.variantType === 'threadify',
    masterFileId: variant?.masterFileId ?? null,
    workspaceId: workspace?.id ?? variant?.workspaceId ?? null,
    status: variant?.status ?? null,
    failure: variant?.failure ?? null,
    stale: isStale(variant, currentMasterRevision),
    masterRevision: variant?.masterRevision ?? null,
    currentMasterRevision: variant ? currentMasterRevision : null,
    instructions: variant ? variant.instructions : null,
  };
}
