import { z } from 'zod/mini';
import { aiTierSchema } from './ai';
import { docContentSchema } from './files';

/** Workspace kinds (docs/PRODUCT.md#workspaces): Standard is offered, Book is shown disabled. */
export const WORKSPACE_TYPES = ['standard'] as const;
export type WorkspaceType = (typeof WORKSPACE_TYPES)[number];

/** The AI variant actions of the action grid (docs/PRODUCT.md#workspaces). */
export const VARIANT_ACTIONS = ['vary', 'shrinkify', 'expandify', 'emailify', 'postify', 'storify', 'threadify'] as const;
export type VariantAction = (typeof VARIANT_ACTIONS)[number];
/** Every kind of variant: a plain copy, or one of the AI actions. */
export const VARIANT_TYPES = ['duplicate', ...VARIANT_ACTIONS] as const;
export type VariantType = (typeof VARIANT_TYPES)[number];
export const variantTypeSchema = z.enum(VARIANT_TYPES);

/** The action's name as the UI says it ('{Action} created', 'Failed to create {action}'); also a new variant's label. */
export const VARIANT_LABELS: Record<VariantType, string> = {
  duplicate: 'Duplicate',
  vary: 'Vary',
  shrinkify: 'Shrinkify',
  expandify: 'Expandify',
  emailify: 'Emailify',
  postify: 'Postify',
  storify: 'Storify',
  threadify: 'Threadify',
};

export const WORKSPACES = {
  /** Focus instructions (docs/PRODUCT.md#workspaces). Longer ones are refused with 400 instructions_too_long. */
  maxInstructions: 500,
  /** Word hints of the Focus instructions box (docs/PRODUCT.md#workspaces): 2500, and 850 for Postify and Storify. */
  wordHint: 2500,
  shortWordHint: 850,
  /** Threadify: each post of the thread, its "n/N" number included. */
  maxThreadPost: 280,
  maxLabelLength: 200,
} as const;

/**
 * A variant's life: 'generating' while its AI operation runs (the document exists and is empty),
 * 'ready' once filled, 'failed' when the provider failed (the document stays, empty, with `failure`).
 */
export const VARIANT_STATUSES = ['generating', 'ready', 'failed'] as const;
export type VariantStatus = (typeof VARIANT_STATUSES)[number];

const fileIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
export const workspaceFileParamsSchema = z.object({ fileId: fileIdSchema });
export const variantParamsSchema = z.object({ variantId: fileIdSchema });

/** POST /workspaces/convert */
export const convertWorkspaceBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileId: fileIdSchema,
  workspaceType: z._default(z.optional(z.enum(WORKSPACE_TYPES)), 'standard'),
});

/** A workspace: one master document and its variants. */
export const workspaceSchema = z.object({
  workspaceId: z.string(),
  masterFileId: z.string(),
  workspaceType: z.enum(WORKSPACE_TYPES),
  createdAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/**
 * getFileMetadata(fileId) (docs/PRODUCT.md#workspaces), for any document:
 * a plain one answers isMaster false, no workspace and no variants.
 */
export const workspaceMetadataSchema = z.object({
  fileId: z.string(),
  filename: z.string(),
  originalPath: z.string(),
  /** A master's variants (ids, oldest first); empty for a variant or a plain document. */
  variants: z.array(z.string()),
  variantLabel: z.nullable(z.string()),
  variantType: z.nullable(variantTypeSchema),
  isMaster: z.boolean(),
  isWorkspaceMaster: z.boolean(),
  isThreadify: z.boolean(),
  masterFileId: z.nullable(z.string()),
  workspaceId: z.nullable(z.string()),
  /** Variants only (null otherwise). */
  status: z.nullable(z.enum(VARIANT_STATUSES)),
  /** Why the last generation failed, as the UI shows it after 'Failed to create {action}'. */
  failure: z.nullable(z.string()),
  /** A variant whose master changed since the revision it was made from. */
  stale: z.boolean(),
  /** The master revision the variant was made from, and the master's revision now. */
  masterRevision: z.nullable(z.number().check(z.int())),
  currentMasterRevision: z.nullable(z.number().check(z.int())),
  instructions: z.nullable(z.string()),
});
export type WorkspaceMetadata = z.infer<typeof workspaceMetadataSchema>;

export const convertWorkspaceAnswerSchema = z.object({ success: z.literal(true), workspace: workspaceSchema, metadata: workspaceMetadataSchema });

/** One entry of the variant picker: the master first, then its variants oldest first. */
export const workspaceFileSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  displayName: z.string(),
  isMaster: z.boolean(),
  variantLabel: z.nullable(z.string()),
  variantType: z.nullable(variantTypeSchema),
  isThreadify: z.boolean(),
  status: z.nullable(z.enum(VARIANT_STATUSES)),
  stale: z.boolean(),
  wordCount: z.number().check(z.int()),
  revision: z.number().check(z.int()),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type WorkspaceFile = z.infer<typeof workspaceFileSchema>;
export const workspaceFilesAnswerSchema = z.object({ workspace: workspaceSchema, items: z.array(workspaceFileSchema) });

/**
 * POST /workspaces/{fileId}/variants: Duplicate or one AI action. `fileId` is the master (or any
 * variant of the workspace); the text comes from `currentContent` (the editor's unsaved JSON), else
 * from the stored `currentDocumentId` (the master or a variant of this workspace), else the master.
 */
export const createVariantBodySchema = z.object({
  tenantId: z.optional(z.string()),
  type: variantTypeSchema,
  // Bounded by the body limit only: over 500 the answer names the rule (instructions_too_long).
  instructions: z.optional(z.string()),
  providerMode: z.optional(aiTierSchema),
  currentDocumentId: z.optional(fileIdSchema),
  currentContent: z.optional(docContentSchema),
});
export type CreateVariantBody = z.infer<typeof createVariantBodySchema>;
export const createVariantAnswerSchema = z.object({
  success: z.literal(true),
  variantId: z.string(),
  /** The AI operation filling the variant (follow it at GET /ai/operations/{id}/stream); null for Duplicate. */
  operationId: z.nullable(z.string()),
  status: z.enum(VARIANT_STATUSES),
  variant: workspaceFileSchema,
});

/** PATCH /workspaces/variants/{variantId} */
export const renameVariantBodySchema = z.object({
  tenantId: z.optional(z.string()),
  variantLabel: z.string().check(z.trim(), z.minLength(1), z.maxLength(WORKSPACES.maxLabelLength)),
});
export const variantAnswerSchema = z.object({ success: z.literal(true), variant: workspaceFileSchema });
export const deleteVariantAnswerSchema = z.object({ success: z.literal(true), variantId: z.string() });

/** POST /workspaces/variants/{variantId}/update-from-master */
export const updateVariantBodySchema = z.object({ tenantId: z.optional(z.string()), providerMode: z.optional(aiTierSchema) });

/** GET /workspaces/{fileId}/export?format= */
export const WORKSPACE_EXPORT_FORMATS = ['md', 'docx'] as const;
export const workspaceExportQuerySchema = z.object({ tenantId: z.optional(z.string()), format: z._default(z.enum(WORKSPACE_EXPORT_FORMATS), 'md') });
