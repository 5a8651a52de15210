import { CHECKS_IGNORED_MAX } from './checks';
import { cleanName, NAME_MAX_LENGTH, nameStem } from './names';
import { INT32_MAX } from './text';
import { z } from 'zod/mini';

/** Authenticity tags in menu order, with their short labels (docs/PRODUCT.md#documents). */
export const AUTHENTICITY_TAGS = ['Human', 'AI-Assisted', 'AI', 'Untagged'] as const;
export type Authenticity = (typeof AUTHENTICITY_TAGS)[number];
export const AUTHENTICITY_SHORT: Record<Authenticity, string> = { Human: 'H', 'AI-Assisted': 'AI+', AI: 'AI', Untagged: '?' };
export const authenticitySchema = z.enum(AUTHENTICITY_TAGS);

export const FILES = {
  defaultName: 'Untitled.txt',
  extension: '.txt',
  /**
   * The longest path Bree stores, in characters after cleaning (folders and name; each segment
   * is at most NAME_MAX_LENGTH). Requests may send up to maxPathInputLength UTF-16 units, so
   * every stored path (even all astral characters, or a name stored before cleaning) is accepted.
   */
  maxPathLength: 1024,
  maxPathInputLength: 4096,
  searchLimit: 1000,
  pagedDefaultLimit: 15,
  pagedMaxLimit: 100,
  unassignedPrefix: '__UNASSIGNED__',
  /** A version is taken at most this often while editing. */
  versionIntervalMs: 5 * 60 * 1000,
  /** The largest word goal a document can have. */
  maxWordGoal: 1_000_000,
  /** Longest stored name, .txt ending included, in characters after cleaning (names.ts). */
  maxNameLength: NAME_MAX_LENGTH,
  /** A deleted document stays in the Trash this long, then the maintenance job deletes it for good. */
  trashRetentionDays: 30,
} as const;

/**
 * metadata.status of a claimed blank document (docs/PRODUCT.md#saving): 'claimed' while it
 * waits to take its name from its first line, 'named' once it has (or once the writer renamed it).
 */
export const CLAIM_STATUS = { claimed: 'claimed', named: 'named' } as const;

/** Every metadata field a document keeps (plus wordGoal); unknown keys are refused so metadata stays clean. */
export const fileMetadataSchema = z.partial(
  z.strictObject({
    fileId: z.string(),
    topics: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(100)),
    keywords: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(100)),
    description: z.string().check(z.maxLength(5000)),
    notes: z.string().check(z.maxLength(20000)),
    lastModified: z.union([z.string(), z.number()]),
    authenticity: authenticitySchema,
    isMaster: z.boolean(),
    masterFileId: z.nullable(z.string().check(z.maxLength(64))),
    originalName: z.string().check(z.maxLength(512)),
    uploadedAt: z.string().check(z.maxLength(64)),
    importedAt: z.string().check(z.maxLength(64)),
    sourceFilename: z.string().check(z.maxLength(512)),
    isTranscribing: z.boolean(),
    /** Bree's own: when the 'Transcribing…' mark was set (ISO time); a mark holds TRANSCRIBING_MARK_TTL_MS. */
    transcribingSince: z.string().check(z.maxLength(64)),
    isThreadify: z.boolean(),
    variantLabel: z.nullable(z.string().check(z.maxLength(200))),
    variantType: z.nullable(z.string().check(z.maxLength(64))),
    isULIDFile: z.boolean(),
    workspaceId: z.nullable(z.string().check(z.maxLength(64))),
    isWorkspaceMaster: z.boolean(),
    status: z.string().check(z.maxLength(64)),
    filename: z.string().check(z.maxLength(512)),
    /** Bree's own: the writer's word-count goal for this document; null once removed. */
    wordGoal: z.nullable(z.number().check(z.int(), z.gte(1), z.lte(FILES.maxWordGoal))),
    /** Bree's own: the shared page and the share link's reader show how much of the text the AI wrote. */
    showAuthorship: z.boolean(),
    /** Bree's own: the Checks findings ignored in this document (their ids, oldest first; docs/CHECKS.md). */
    checksIgnored: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(CHECKS_IGNORED_MAX)),
  }),
);
export type FileMetadata = z.infer<typeof fileMetadataSchema>;

/** A document tree (validated fully on the server against packages/editor) or plain text. */
export const docContentSchema = z.union([z.string(), z.looseObject({ type: z.literal('doc'), content: z.optional(z.array(z.unknown())) })]);
export type DocContent = z.infer<typeof docContentSchema>;

export const filePathSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(FILES.maxPathInputLength));

export const fileSummarySchema = z.object({
  id: z.string(),
  fileId: z.string(),
  name: z.string(),
  displayName: z.string(),
  filePath: z.string(),
  isFolder: z.literal(false),
  isRepository: z.boolean(),
  metadata: fileMetadataSchema,
  revision: z.number().check(z.int()),
  wordCount: z.number().check(z.int()),
  createdAt: z.string(),
  lastModified: z.string(),
  lastUpdated: z.string(),
  syncStatus: z.object({ status: z.literal('synced'), revision: z.number().check(z.int()) }),
  /** Lists (the paged list and search) only, on a workspace master: how many live variants it has. */
  variantCount: z.optional(z.number().check(z.int())),
  /**
   * In list answers: another document of the tenant whose name looks the same — equal after
   * case folding and look-alike letters (`nameSkeleton`), like "Report", "report" and Cyrillic
   * "Rероrt" — so the list can tell the writer (docs/HARDENING.md, "Names").
   */
  similarNameTo: z.optional(z.object({ fileId: z.string(), displayName: z.string(), filePath: z.string() })),
});
export type FileSummary = z.infer<typeof fileSummarySchema>;

export const fileWithContentSchema = z.extend(fileSummarySchema, {
  content: z.unknown(),
  /** The editor schema version the content was stored under (EDITOR_VERSION; docs/PROVENANCE.md): 1 for documents saved before version 2. */
  editorVersion: z.optional(z.number().check(z.int(), z.gte(1))),
});
export type FileWithContent = z.infer<typeof fileWithContentSchema>;

export const folderSchema = z.object({ isFolder: z.literal(true), name: z.string(), filePath: z.string(), children: z.array(z.string()) });

export const fileAnswerSchema = z.object({ success: z.literal(true), file: fileWithContentSchema });

/** POST /files/get */
export const getFileBodySchema = z
  .object({
    tenantId: z.optional(z.string()),
    filePath: z.optional(filePathSchema),
    fileId: z.optional(z.string()),
    timestamp: z.optional(z.union([z.number(), z.string()])),
    cacheBust: z.optional(z.union([z.number(), z.string(), z.boolean()])),
  })
  .check(z.refine((b) => b.filePath || b.fileId, { message: 'filePath or fileId is required', path: ['filePath'] }));

/** POST /files/upload — create or replace the document at filePath. */
export const uploadFileBodySchema = z.object({
  tenantId: z.optional(z.string()),
  filePath: filePathSchema,
  content: docContentSchema,
  isRepository: z._default(z.optional(z.boolean()), false),
  metadata: z._default(z.optional(fileMetadataSchema), {}),
});

/** POST /files/create — create with content and metadata; the name is made unique. */
export const createFileBodySchema = z.object({
  tenantId: z.optional(z.string()),
  filePath: z.optional(filePathSchema),
  content: z.optional(docContentSchema),
  isRepository: z._default(z.optional(z.boolean()), false),
  metadata: z._default(z.optional(fileMetadataSchema), {}),
});

export const listQuerySchema = z.object({ tenantId: z.optional(z.string()), directory: z.optional(z.string().check(z.maxLength(FILES.maxPathInputLength))) });
export const listBodySchema = listQuerySchema;
export const listAnswerSchema = z.object({ success: z.literal(true), files: z.array(fileSummarySchema), folders: z.array(folderSchema) });

export const LIST_SORTS = ['date', 'name', 'tag'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** GET /files/list-paged */
export const listPagedQuerySchema = z.object({
  tenantId: z.optional(z.string()),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(FILES.pagedMaxLimit)), FILES.pagedDefaultLimit),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
  directory: z.optional(z.string().check(z.maxLength(FILES.maxPathInputLength))),
  sort: z._default(z.enum(LIST_SORTS), 'date'),
  /** 'documents' hides variants and __UNASSIGNED__ files (the main list); 'all' shows everything. */
  view: z._default(z.enum(['documents', 'repository', 'all']), 'documents'),
});
export const listPagedAnswerSchema = z.object({ items: z.array(fileSummarySchema), nextCursor: z.nullable(z.string()), hasMore: z.boolean() });

/** GET /files/search?q — fuzzy on name. */
export const searchFilesQuerySchema = z.object({
  tenantId: z.optional(z.string()),
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(FILES.searchLimit)), FILES.searchLimit),
  view: z._default(z.enum(['documents', 'repository', 'all']), 'documents'),
});
export const searchFilesAnswerSchema = z.object({ items: z.array(fileSummarySchema) });

export const deleteBodySchema = z.object({ tenantId: z.optional(z.string()), filePath: filePathSchema });
export const successSchema = z.object({ success: z.literal(true) });

/** POST /files/rename */
export const renameBodySchema = z.object({
  tenantId: z.optional(z.string()),
  oldFilePath: filePathSchema,
  newFilePath: filePathSchema,
  preserveMetadata: z._default(z.optional(z.boolean()), true),
});
export const renameAnswerSchema = z.object({ oldFilePath: z.string(), newFilePath: z.string(), success: z.literal(true), file: fileSummarySchema });

export const repositoryBodySchema = z.object({ isRepository: z.boolean() });
export const metadataBodySchema = z.object({ metadata: fileMetadataSchema, isRepository: z.optional(z.boolean()) });
export const summaryAnswerSchema = z.object({ success: z.literal(true), file: fileSummarySchema });

/** POST /files/sync-ulid */
export const syncUlidBodySchema = z.object({
  tenantId: z.optional(z.string()),
  filePath: filePathSchema,
  content: docContentSchema,
  options: z._default(z.optional(z.object({ isRepository: z.optional(z.boolean()), metadata: z.optional(fileMetadataSchema) })), {}),
});
export const syncUlidAnswerSchema = z.object({
  success: z.literal(true),
  fileId: z.string(),
  filePath: z.string(),
  revision: z.number().check(z.int()),
  created: z.boolean(),
});

/** POST /files/claim-blank */
export const claimBlankBodySchema = z.object({
  tenantId: z.optional(z.string()),
  displayPath: z.optional(z.string().check(z.trim(), z.maxLength(FILES.maxPathInputLength))),
  isRepository: z._default(z.optional(z.boolean()), false),
});
export const claimBlankAnswerSchema = z.object({ success: z.literal(true), fileId: z.string(), filename: z.string(), file: fileSummarySchema });

/** What a client may name as the source of a content-only-update. */
export const SAVE_SOURCES = ['autosave', 'manual', 'navigation', 'offline-sync', 'conflict-keep-mine', 'import', 'ai'] as const;
export type SaveSourceName = (typeof SAVE_SOURCES)[number];
/** What wrote a document's content: a client save, or one of the server's own writes (upload, sync-ulid, restore, creation). */
export const CONTENT_WRITE_SOURCES = [...SAVE_SOURCES, 'upload', 'sync-ulid', 'restore', 'create'] as const;
export type ContentWriteSource = (typeof CONTENT_WRITE_SOURCES)[number];

/** POST /files/content-only-update */
export const contentUpdateBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  content: docContentSchema,
  baseRevision: z.number().check(z.int(), z.gte(0), z.lte(INT32_MAX)),
  operationId: z.string().check(z.minLength(8), z.maxLength(128)),
  source: z._default(z.optional(z.enum(SAVE_SOURCES)), 'autosave'),
  skipEmbedding: z.optional(z.boolean()),
  options: z.optional(z.record(z.string(), z.unknown())),
});
/** The name an Untitled document took from its first line, in the save that named it. */
export const savedNameSchema = z.object({ name: z.string(), displayName: z.string(), filePath: z.string() });
export type SavedName = z.infer<typeof savedNameSchema>;
export const contentUpdateAnswerSchema = z.object({
  success: z.literal(true),
  saved: z.boolean(),
  reason: z.optional(z.enum(['blank_content'])),
  contentSize: z.number().check(z.int()),
  operationId: z.string(),
  revision: z.number().check(z.int()),
  lastModified: z.string(),
  /** Present when this save gave a claimed Untitled document its name (a repeat of the save says it again). */
  named: z.optional(savedNameSchema),
});
export type ContentUpdateAnswer = z.infer<typeof contentUpdateAnswerSchema>;

/** Details of a 409 revision_conflict: the server's current text, so nothing is lost. */
export const revisionConflictDetailsSchema = z.object({ currentRevision: z.number().check(z.int()), content: z.unknown(), lastModified: z.string() });

/** GET /files/trash — the Trash, most recently deleted first, paged like the list. */
export const trashQuerySchema = z.object({
  tenantId: z.optional(z.string()),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(FILES.pagedMaxLimit)), FILES.pagedDefaultLimit),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});
/** A document in the Trash: when it was deleted and when it will be gone for good. */
export const trashedFileSchema = z.extend(fileSummarySchema, { deletedAt: z.string(), purgeAt: z.string() });
export type TrashedFile = z.infer<typeof trashedFileSchema>;
export const trashPageAnswerSchema = z.object({ items: z.array(trashedFileSchema), nextCursor: z.nullable(z.string()), hasMore: z.boolean() });
/** POST /files/:id/restore and DELETE /files/:id/forever name a document of the Trash by id. */
export const fileIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const bulkDeleteBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileIds: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1), z.maxLength(500)),
});
export const bulkDeleteAnswerSchema = z.object({ success: z.literal(true), deleted: z.array(z.string()), notFound: z.array(z.string()) });
/** POST /files/bulk-restore — the Undo of a bulk delete: every id back from the Trash in one request (docs/TRASH.md). */
export const bulkRestoreBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileIds: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1), z.maxLength(500)),
});
/** `restored` in the order asked, each under the name it came back with; ids not in the tenant's Trash are `notFound`. */
export const bulkRestoreAnswerSchema = z.object({ success: z.literal(true), restored: z.array(fileSummarySchema), notFound: z.array(z.string()) });
export const bulkTagBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileIds: z.array(z.string().check(z.maxLength(64))).check(z.minLength(1), z.maxLength(500)),
  authenticity: authenticitySchema,
});
export const bulkTagAnswerSchema = z.object({ success: z.literal(true), updated: z.array(z.string()) });
export const copyBodySchema = z.object({ tenantId: z.optional(z.string()), fileId: z.string().check(z.maxLength(64)) });

/** Display name: the stored name without its .txt ending. */
export function displayName(name: string): string {
  const base = name.split('/').pop() ?? name;
  return base.toLowerCase().endsWith(FILES.extension) ? base.slice(0, -FILES.extension.length) : base;
}

/** The names claim-blank gives out: Untitled.txt, Untitled 2.txt… */
export function isDefaultFileName(name: string): boolean {
  const stem = FILES.defaultName.slice(0, -FILES.extension.length);
  const base = name.split('/').pop() ?? name;
  return base === FILES.defaultName || new RegExp(`^${stem} [0-9]+\\${FILES.extension}$`).test(base);
}

/**
 * A stored file name: cleaned (names.ts: NFC, no bidi or zero-width characters, trimmed) and
 * ending in .txt (docs/PRODUCT.md#documents); 'Untitled.txt' when nothing is left. No length rule: callers that
 * take a writer's name use `checkFileName`, names Bree makes use `fitFileName`.
 */
export function normalizeFileName(name: string): string {
  const cleaned = cleanName(name);
  if (!nameStem(cleaned).trim()) return FILES.defaultName;
  return cleaned.toLowerCase().endsWith(FILES.extension) ? cleaned : `${cleaned}${FILES.extension}`;
}
