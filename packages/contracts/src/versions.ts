import { INT32_MAX } from './text';
import { z } from 'zod/mini';
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
  revision: z.number().check(z.int()),
  reason: z.enum(VERSION_REASONS),
  /** What wrote the text this version holds ('autosave', 'upload', 'restore'…); null when unknown. */
  source: z.optional(z.nullable(z.string())),
  wordCount: z.number().check(z.int()),
  /** The version's characters and how many of them the AI wrote (`docs/PROVENANCE.md`); null for versions taken before Bree counted them. */
  authorship: z.optional(z.nullable(authorshipSchema)),
  createdAt: z.string(),
  preview: z.string(),
  /** The name the writer gave this version ('Name this version'); null when unnamed. */
  name: z.optional(z.nullable(z.string())),
});
export type Version = z.infer<typeof versionSchema>;

export const listVersionsQuerySchema = z.object({ tenantId: z.optional(z.string()), fileId: z.string().check(z.minLength(1), z.maxLength(64)) });
export const listVersionsAnswerSchema = z.object({ success: z.literal(true), versions: z.array(versionSchema) });
export const getVersionQuerySchema = z.object({
  tenantId: z.optional(z.string()),
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  versionId: z.string().check(z.minLength(1), z.maxLength(64)),
});
export const getVersionAnswerSchema = z.object({ success: z.literal(true), version: z.extend(versionSchema, { content: z.unknown() }) });
export const restoreVersionBodySchema = z.object({
  tenantId: z.optional(z.string()),
  versionId: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The revision the client shows; when sent, a newer document answers 409 instead of being replaced. */
  baseRevision: z.optional(z.number().check(z.int(), z.gte(0), z.lte(INT32_MAX))),
  /** A retried restore with the same id is answered again without a second write. */
  operationId: z.optional(z.string().check(z.minLength(8), z.maxLength(128))),
});
export const restoreVersionAnswerSchema = z.object({
  success: z.literal(true),
  revision: z.number().check(z.int()),
  content: z.unknown(),
  lastModified: z.string(),
});
export const createVersionBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  reason: z.enum(['leave', 'before-ai', 'manual', 'conflict']),
  content: z.optional(docContentSchema),
});
export const createVersionAnswerSchema = z.object({ success: z.literal(true), version: z.nullable(versionSchema) });
/**
 * POST /versions/name: with versionId, names (or renames) that version; without, keeps the current
 * text (`content`, the editor's, else the saved document) as a new version with that name. The
 * name is checked by the server (trimmed, 1–VERSION_NAME_MAX characters: 'version_name_invalid').
 */
export const nameVersionBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  versionId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  name: z.string().check(z.maxLength(2000)),
  content: z.optional(docContentSchema),
});
export const nameVersionAnswerSchema = z.object({ success: z.literal(true), version: versionSchema });
