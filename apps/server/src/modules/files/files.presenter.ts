import { displayName, type FileSummary, type FileWithContent, type TrashedFile } from '@bree/contracts';
import type { SimilarNameRow } from './files.list-page';
import type { FileRow } from './files.table';

export type FileSummaryRow = Omit<FileRow, 'content' | 'contentText'>;
/** The columns a summary is made of: what a list needs to read, and no more. */
export type SummaryFields = Pick<
  FileSummaryRow,
  'id' | 'name' | 'path' | 'isRepository' | 'metadata' | 'revision' | 'wordCount' | 'createdAt' | 'contentUpdatedAt'
>;
/** A row of the document list: its summary, its variant count and its look-alike, if any. */
export type FileListRow = SummaryFields & { variantCount?: number | null; similarName: SimilarNameRow | null };

/**
 * A file without its content, for lists. Only whitelisted fields leave the server. Its
 * lastModified is when the text last changed: renaming or tagging is not editing.
 */
export function presentSummary(row: SummaryFields & { variantCount?: number | null }): FileSummary {
  const lastModified = row.contentUpdatedAt.toISOString();
  return {
    id: row.id,
    fileId: row.id,
    name: row.name,
    displayName: displayName(row.name),
    filePath: row.path,
    isFolder: false,
    isRepository: row.isRepository,
    metadata: { ...row.metadata, fileId: row.id, lastModified, authenticity: row.metadata.authenticity ?? 'Untagged' },
    revision: row.revision,
    wordCount: row.wordCount,
    createdAt: row.createdAt.toISOString(),
    lastModified,
    lastUpdated: lastModified,
    syncStatus: { status: 'synced', revision: row.revision },
    // A workspace is one row of the list (its master), saying how many variants it has.
    ...(row.variantCount != null && row.metadata.isWorkspaceMaster ? { variantCount: row.variantCount } : {}),
  };
}

/** A list item: the summary, and `similarNameTo` when another document's name looks the same. */
export function presentListItem(row: FileListRow): FileSummary {
  const summary = presentSummary(row);
  const twin = row.similarName;
  return twin ? { ...summary, similarNameTo: { fileId: twin.id, displayName: displayName(twin.name), filePath: twin.path } } : summary;
}

/** A file with its document tree, for the editor. */
export function presentFile(row: FileRow): FileWithContent {
  return { ...presentSummary(row), content: row.content, editorVersion: row.editorVersion };
}

/** A document in the Trash: its summary, when it was deleted and when the maintenance job deletes it for good. */
export function presentTrashed(row: FileSummaryRow & { deletedAt: Date }, retentionMs: number): TrashedFile {
  return { ...presentSummary(row), deletedAt: row.deletedAt.toISOString(), purgeAt: new Date(row.deletedAt.getTime() + retentionMs).toISOString() };
}
