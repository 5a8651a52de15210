import { z } from 'zod/mini';

/**
 * 'Export all my data' (docs/ACCOUNT.md "Export all my data"): one gzipped tar archive of every
 * document, its versions and chat, the voice profile, feedback and usage, with a README.
 */
export const ACCOUNT_EXPORT = {
  /** GET: the archive, streamed. */
  path: '/api/account/export',
  /** The manifest's `format` and `version`: what `npm run import-account` accepts. */
  format: 'bree-account-export',
  version: 1,
  /** Answer header: how many documents (the Trash included) the archive holds, counted before it streams. */
  documentsHeader: 'x-bree-export-documents',
  /** Exports one account may start in {@link ACCOUNT_EXPORT.rateWindowMs}. */
  rateMax: 5,
  rateWindowMs: 60 * 60_000,
  /** Usage calls per `usage/calls-NNNN.json` file. */
  usageCallsPerFile: 1000,
} as const;

/** The archive's file name for an export made at `at`: sorts by time, holds no colon. */
export function accountExportFileName(at: Date): string {
  return `bree-export-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;
}

/**
 * Whether an archive entry is a document's `meta.json`, the first entry of each document's
 * folder: the web app counts them to show how many documents have arrived.
 */
export function isDocumentMetaEntry(name: string): boolean {
  return /^(documents|trash)\/[^/]+\/meta\.json$/.test(name);
}

/** `bree-export.json`, the archive's first entry after the README. */
export const accountExportManifestSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT.format),
  version: z.literal(ACCOUNT_EXPORT.version),
  createdAt: z.string(),
  account: z.object({ id: z.string(), email: z.nullable(z.string()), name: z.nullable(z.string()) }),
  counts: z.object({ documents: z.number().check(z.int()), trashed: z.number().check(z.int()) }),
});
export type AccountExportManifest = z.infer<typeof accountExportManifestSchema>;

/** A document's `meta.json`: everything but its content, as stored. */
export const exportedDocumentMetaSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  isRepository: z.boolean(),
  inTrash: z.boolean(),
  isVoiceSample: z.boolean(),
  revision: z.number().check(z.int()),
  wordCount: z.number().check(z.int()),
  /** The tag (Human, AI-Assisted, AI, Untagged) is `metadata.authenticity`. */
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
  contentUpdatedAt: z.string(),
  deletedAt: z.nullable(z.string()),
});
export type ExportedDocumentMeta = z.infer<typeof exportedDocumentMetaSchema>;

/** One `versions/<revision>-<id>.json` of a document's folder. */
export const exportedVersionSchema = z.object({
  id: z.string(),
  revision: z.number().check(z.int()),
  reason: z.string(),
  source: z.nullable(z.string()),
  createdAt: z.string(),
  wordCount: z.number().check(z.int()),
  /** The writer's name for this version; absent or null when unnamed (archives from before names). */
  name: z.optional(z.nullable(z.string())),
  content: z.unknown(),
});
export type ExportedVersion = z.infer<typeof exportedVersionSchema>;
