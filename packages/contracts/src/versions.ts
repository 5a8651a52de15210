import { INT32_MAX } from './text';
import { z } from 'zod';
import { docContentSchema } from './files';
import { authorshipSchema } from './provenance';

export const VERSION_REASONS = [
  'autosave',
  'leave',
  'before-restore',
  'restore',
  'before-ai',
  'conflict',
  'manual',
  'import',
  'before-update',
  'named',
] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

/** What made a version, as the history panel says it. */
export const VERSION_REASON_LABELS: Record<VersionReason, string> = {
  autosave: 'While editing',
  leave: 'Left the document',
  'before-restore': 'Before a restore',
  restore: 'Restored',
  'before-ai': 'Before an AI change',
  conflict: 'Kept during a conflict',
  manual: 'Saved by you',
  import: 'Imported',
  'before-update': 'Before an update from the master',
  named: 'Named by you',
};

/** A version's name (docs/PRODUCT.md#versions): trimmed, 1–80 characters; named versions are never thinned. */
export const VERSION_NAME_MAX = 80;

export const versionSchema = z.object({
  id: z.string(),
  versionId: z.string(),
  fileId: z.string(),
  revision: z.number().int(),
  reason: z.enum(VERSION_REASONS),
  /** What wrote the text this version holds ('autosave', 'upload', 'restore'…); null when unknown. */
  source: z.string().nullable().optional(),
  wordCount: z.number().int(),
  /** The version's characters and how many of them the AI wrote (`docs/PROVENANCE.md`); null for versions taken before Bree counted them. */
  authorship: authorshipSchema.nullable().optional(),
  createdAt: z.string(),
  preview: z.string(),
  /** The name the writer gave this version ('Name this version'); null when unnamed. */
  name: z.string().nullable().optional(),
});
export type Version = z.infer<typeof versionSchema>;

export const listVersionsQuerySchema = z.object({ tenantId: z.string().optional(), fileId: z.string().min(1).max(64) });
export const listVersionsAnswerSchema = z.object({ success: z.literal(true), versions: z.array(versionSchema) });
export const getVersionQuerySchema = z.object({ tenantId: z.string().optional(), fileId: z.string().min(1).max(64), versionId: z.string().min(1).max(64) });
export const getVersionAnswerSchema = z.object({ success: z.literal(true), version: versionSchema.extend({ content: z.unknown() }) });
export const restoreVersionBodySchema = z.object({
  tenantId: z.string().optional(),
  versionId: z.string().min(1).max(64),
  /** The revision the client shows; when sent, a newer document answers 409 instead of being replaced. */
  baseRevision: z.number().int().min(0).max(INT32_MAX).optional(),
  /** A retried restore with the same id is answered again without a second write. */
  operationId: z.string().min(8).max(128).optional(),
});
export const restoreVersionAnswerSchema = z.object({ success: z.literal(true), revision: z.number().int(), content: z.unknown(), lastModified: z.string() });
export const createVersionBodySchema = z.object({
  tenantId: z.string().optional(),
  fileId: z.string().min(1).max(64),
  reason: z.enum(['leave', 'before-ai', 'manual', 'conflict']),
  content: docContentSchema.optional(),
});
export const createVersionAnswerSchema = z.object({ success: z.literal(true), version: versionSchema.nullable() });
/**
 * POST /versions/name: with versionId, names (or renames) that version; without, keeps the current
 * text (`content`, the editor's, else the saved document) as a new version with that name. The
 * name is checked by the server (trimmed, 1–VERSION_NAME_MAX characters: 'version_name_invalid').
 */
export const nameVersionBodySchema = z.object({
  tenantId: z.string().optional(),
  fileId: z.string().min(1).max(64),
  versionId: z.string().min(1).max(64).optional(),
  name: z.string().max(2000),
  content: docContentSchema.optional(),
});
export const nameVersionAnswerSchema = z.object({ success: z.literal(true), version: versionSchema });
