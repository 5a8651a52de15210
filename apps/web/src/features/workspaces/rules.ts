import { VARIANT_LABELS, WORKSPACES } from '@bree/contracts';
import type { VariantType, WorkspaceFile, WorkspaceMetadata } from '@bree/contracts';

/** docs/PRODUCT.md#workspaces: the timings of the picker and of a new master. */
export const WORKSPACE_TIMINGS = {
  /** The picker refreshes this long after the file list changed (several changes make one refresh). */
  refreshDelayMs: 1_000,
  /** A refresh waits at most this long for a pending rename or delete, so it does not show the old state over it. */
  pendingWaitMs: 8_000,
  /** A converted document not yet marked master is asked again after this long… */
  readyRetryMs: 1_200,
  /** …this many times before 'Failed to prepare workspace'. */
  readyAttempts: 5,
  /** A variant whose metadata failed to load shows 'New Variant' and is asked again after this long. */
  placeholderRetryMs: 1_500,
  /** While a variant is being written, its state is asked this often. */
  generatingPollMs: 1_500,
} as const;

/** The label shown while a variant's own label is unknown (docs/PRODUCT.md#workspaces). */
export const PLACEHOLDER_LABEL = 'New Variant';

/** The order of the action grid (docs/PRODUCT.md#workspaces). */
export const GRID_ACTIONS: readonly VariantType[] = ['duplicate', 'vary', 'shrinkify', 'expandify', 'threadify', 'storify', 'emailify', 'postify'];

/** What a picker row is called: the master by its name, a variant by its label, else the placeholder. */
export function variantDisplayLabel(item: Pick<WorkspaceFile, 'isMaster' | 'displayName' | 'variantLabel'> | undefined): string {
  if (!item) return PLACEHOLDER_LABEL;
  if (item.isMaster) return item.displayName;
  const label = item.variantLabel?.trim();
  return label ? label : PLACEHOLDER_LABEL;
}

/** The Focus instructions box's best length for an action (2500 words; 850 for Postify and Storify). */
export function wordHintFor(type: VariantType): number {
  return type === 'postify' || type === 'storify' ? WORKSPACES.shortWordHint : WORKSPACES.wordHint;
}

/** The toast of a finished variant: 'Duplicate created', '{Action} created', 'Thread created' for Threadify. */
export function createdMessage(type: VariantType): string {
  return type === 'threadify' ? 'Thread created' : `${VARIANT_LABELS[type]} created`;
}

/** The toast of a failed variant, with the server's reason when it gave one. */
export function failedMessage(type: VariantType, reason?: string | null): string {
  const base = type === 'duplicate' ? 'Failed to duplicate' : `Failed to create ${VARIANT_LABELS[type].toLowerCase()}`;
  const why = reason?.trim();
  return why ? `${base}: ${why}` : base;
}

/** True while any picker entry is still being written: the picker keeps asking until none is. */
export function anyGenerating(items: readonly Pick<WorkspaceFile, 'status'>[] | undefined): boolean {
  return Boolean(items?.some((item) => item.status === 'generating'));
}

/** What a converted document's metadata means for the 'Workspace ready' wait. */
export type ReadyDecision = 'ready' | 'retry' | 'failed';

/** Ready once marked master; asked again (after readyRetryMs) until the attempts run out. */
export function readyDecision(metadata: Pick<WorkspaceMetadata, 'isMaster'> | null, attempt: number): ReadyDecision {
  if (metadata?.isMaster) return 'ready';
  return attempt + 1 < WORKSPACE_TIMINGS.readyAttempts ? 'retry' : 'failed';
}

/** How long a picker refresh still waits for pending renames and deletes that started at these times. */
export function pendingWait(pendingSince: readonly number[], now: number): number {
  if (pendingSince.length === 0) return 0;
  const oldest = Math.min(...pendingSince);
  return Math.max(0, oldest + WORKSPACE_TIMINGS.pendingWaitMs - now);
}

/** The document a picker entry's workspace is reached by: the master of a variant, else the document itself. */
export function workspaceRootOf(metadata: Pick<WorkspaceMetadata, 'isMaster' | 'masterFileId' | 'fileId'> | undefined): string | null {
  if (!metadata) return null;
  if (metadata.isMaster) return metadata.fileId;
  return metadata.masterFileId;
}

/** A Threadify post's length against the 280-character limit (its "n/N" number included). */
export interface ThreadPost {
  length: number;
  over: boolean;
}

/** The posts of a thread: one per non-empty paragraph, counted in characters as a reader sees them. */
export function threadPosts(paragraphs: readonly string[]): ThreadPost[] {
  return paragraphs
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => {
      const length = [...text].length;
      return { length, over: length > WORKSPACES.maxThreadPost };
    });
}
