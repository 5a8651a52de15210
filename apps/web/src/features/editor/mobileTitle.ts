import type { WorkspaceMetadata } from '@bree/contracts';

export interface MobileTitle {
  /** The big line: the document's name, or a variant's own label. */
  title: string;
  /** The small line under it: whose variant this is, or that it is a workspace's master; null for a plain document. */
  subtitle: string | null;
  kind: 'document' | 'master' | 'variant';
}

/**
 * What the phone's header calls the open document (docs/PRODUCT.md#editor): a variant by its
 * label over 'Variant of {master}', so it never looks like its master, whose name shows over
 * 'Workspace master'. A variant's file name ('Notes (Shrinkify)') would be cut before its label.
 */
export function mobileTitle({
  displayName,
  metadata,
  masterName,
}: {
  displayName: string;
  metadata: Pick<WorkspaceMetadata, 'isMaster' | 'masterFileId' | 'variantLabel'> | undefined;
  /** The master's name once the workspace's files are known. */
  masterName: string | null;
}): MobileTitle {
  if (metadata?.masterFileId && !metadata.isMaster) {
    const label = metadata.variantLabel?.trim();
    return { title: label || displayName, subtitle: masterName ? `Variant of ${masterName}` : 'Variant', kind: 'variant' };
  }
  if (metadata?.isMaster) return { title: displayName, subtitle: 'Workspace master', kind: 'master' };
  return { title: displayName, subtitle: null, kind: 'document' };
}
