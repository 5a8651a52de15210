import { cleanName, ERROR_CODES, fitName, NAME_MAX_LENGTH } from '@bree/contracts';
import type { FileSummary } from '@bree/contracts';
import { DocumentValidationError } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import type { QueryClient } from '@tanstack/react-query';
import { hasErrorCode } from '../../lib/errorCodes';
import type { ApiClient } from '../../lib/api';
import { notify } from '../../lib/toast';
import type { Notifier } from '../../lib/toast';
import { convertFile, isImportError } from './convert';
import { announceNewFiles, assertSavable, createDocument } from './save';
import { takeDataImages, placeImages } from './convert/images';
import { imagesNote, storeImportImages } from './importImages';
import type { StoreImage } from './importImages';
import { checkSelection, IMPORT_MESSAGES, importedFileName, importResultMessage } from './validate';
import type { ImportKind } from './validate';

/** Where one file of an import stands (shown per file in the upload dialog). */
export type FileImportStatus =
  | { state: 'converting' }
  | { state: 'saving' }
  /** `note`: some of its images could not be stored (their alt text is kept). */
  | { state: 'imported'; file: FileSummary; note?: string }
  | { state: 'failed'; message: string }
  /** Refused by the checks before conversion; the message went to onProblem. */
  | { state: 'refused'; message: string };

/**
 * Whether an import goes into the repository until the writer ticks 'Add to my repository': no, in
 * Paste and Upload alike — imports are plain documents unless the writer asks (docs/PRODUCT.md#import).
 */
export const ADD_TO_REPOSITORY_DEFAULT = false;

/** What importFiles needs: the API, cache and tenant, plus optional hooks for a dialog. */
export interface ImportDeps {
  api: ApiClient;
  queryClient: QueryClient;
  tenantId: string;
  /** Save into the repository, which teaches the assistant the writer's voice; ADD_TO_REPOSITORY_DEFAULT otherwise. */
  isRepository?: boolean;
  notifier?: Pick<Notifier, 'success' | 'error' | 'warning' | 'loading' | 'dismiss'>;
  /**
   * A refusal before anything is converted (the whole batch, or one file): a dialog lists them.
   * Without it a refused batch is the import's one toast, and refused files count in its result.
   */
  onProblem?: (message: string) => void;
  onProgress?: (progress: { done: number; total: number }) => void;
  onFileStatus?: (file: File, status: FileImportStatus) => void;
  /** Show a loading toast with done/total while importing (default true; the dialog has a bar). */
  progressToast?: boolean;
  /** Files the caller refused itself (the drop zone's own checks): reported in the result's n. */
  refusedEarlier?: readonly { name: string; message: string }[];
  convert?: (file: File, kind: ImportKind) => Promise<DocJSON>;
  /** Uploads an image the file carries, once its document exists; without it, images keep their alt text. */
  storeImage?: StoreImage;
  now?: () => Date;
}

/** The outcome of one import batch. */
export interface ImportSummary {
  /** Files offered, the refused ones included. */
  total: number;
  imported: FileSummary[];
  failed: { name: string; message: string }[];
  /** Set when the whole batch was refused (too many files, too large in total). */
  refused: string | null;
}

/** The reason added to 'Failed to import {name}', when there is one a writer can act on. */
function failureReason(error: unknown): string | undefined {
  if (isImportError(error)) return error.message;
  if (error instanceof DocumentValidationError) return error.problem === 'too_large' ? IMPORT_MESSAGES.documentTooLarge : undefined;
  if (hasErrorCode(error, ERROR_CODES.payloadTooLarge, ERROR_CODES.documentTooLarge)) return IMPORT_MESSAGES.documentTooLarge;
  return undefined;
}

/**
 * Imports files as documents (docs/PRODUCT.md#import): the list-level checks first, then each file
 * is converted in the browser and saved, one at a time, with progress done/total; then ONE
 * summary toast ('Imported 3 file(s)', 'Imported 2/3 files', 'No files imported'): each file's
 * own outcome goes to onFileStatus (the dialog's rows), never to a toast of its own. Then the
 * file lists are refreshed and fileListChanged is emitted. A file that fails to convert is
 * never saved, so nothing partial is left behind.
 */
export async function importFiles(files: readonly File[], deps: ImportDeps): Promise<ImportSummary> {
  const toast = deps.notifier ?? notify;
  const convert = deps.convert ?? convertFile;
  const now = deps.now ?? (() => new Date());
  const earlier = deps.refusedEarlier ?? [];
  const summary: ImportSummary = { total: files.length + earlier.length, imported: [], failed: [...earlier], refused: null };

  const check = checkSelection(files);
  if (!check.ok) {
    summary.refused = check.message;
    if (deps.onProblem) deps.onProblem(check.message);
    else toast.error(check.message);
    return summary;
  }
  for (const { file, message } of check.rejected) {
    summary.failed.push({ name: file.name, message });
    deps.onFileStatus?.(file, { state: 'refused', message });
    deps.onProblem?.(message);
  }

  const total = check.accepted.length;
  let done = 0;
  const progressLabel = () => `Importing files… ${done}/${total}`;
  const progressId = total > 0 && deps.progressToast !== false ? toast.loading(progressLabel()) : null;
  deps.onProgress?.({ done, total });

  // Sequential on purpose (docs/PRODUCT.md#import): one conversion in memory at a time, saves in order.
  for (const { file, kind } of check.accepted) {
    try {
      deps.onFileStatus?.(file, { state: 'converting' });
      // An image's bytes travel after the document exists (POST /api/images needs it); until then, its alt text.
      const { content: withImages, images } = takeDataImages(await convert(file, kind));
      const content = placeImages(withImages);
      assertSavable(content);
      deps.onFileStatus?.(file, { state: 'saving' });
      const saved = await createDocument(deps.api, {
        name: importedFileName(file.name),
        content,
        isRepository: deps.isRepository ?? ADD_TO_REPOSITORY_DEFAULT,
        metadata: { sourceFilename: fitName(cleanName(file.name), NAME_MAX_LENGTH), authenticity: 'Untagged', importedAt: now().toISOString() },
      });
      const { content: _content, ...summaryOnly } = saved;
      const storeImage = deps.storeImage;
      const kept =
        images.length > 0 && storeImage
          ? await storeImportImages({ api: deps.api, storeImage, fileId: saved.fileId, revision: saved.revision, content: withImages, images })
          : { stored: 0, total: images.length };
      summary.imported.push(summaryOnly);
      const note = imagesNote(kept.stored, kept.total);
      deps.onFileStatus?.(file, { state: 'imported', file: summaryOnly, ...(note ? { note } : {}) });
    } catch (error) {
      const message = IMPORT_MESSAGES.failed(file.name, failureReason(error));
      console.warn(`[import] ${file.name} failed`, error);
      summary.failed.push({ name: file.name, message });
      deps.onFileStatus?.(file, { state: 'failed', message });
    }
    done += 1;
    deps.onProgress?.({ done, total });
    if (progressId) toast.loading(progressLabel(), { id: progressId });
  }

  if (progressId) toast.dismiss(progressId);
  // The import's one toast; each file's reason is in the dialog's rows.
  const result = importResultMessage(summary.imported.length, summary.total);
  if (summary.imported.length === 0) toast.error(result);
  else if (summary.imported.length < summary.total) toast.warning(result);
  else toast.success(result);
  if (summary.imported.length > 0) announceNewFiles(deps.queryClient, deps.tenantId);
  return summary;
}
