import { fitFileName, FILES } from '@bree/contracts';

/** Upload limits of docs/PRODUCT.md#import (the drop zone's own caps and the list-level checks). */
export const IMPORT_LIMITS = {
  maxFiles: 10,
  maxTotalBytes: 5_242_880,
  maxFileBytes: 1_048_576,
  extensions: ['.txt', '.md', '.markdown', '.html', '.htm', '.docx'],
} as const;

/** What the drop zone's file picker offers (MIME → extensions), in react-dropzone's `accept` shape. */
export const DROPZONE_ACCEPT: Record<string, string[]> = {
  'text/plain': ['.txt'],
  'text/markdown': ['.md', '.markdown'],
  'text/html': ['.html', '.htm'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

/** The kinds of file Bree converts, keyed by what the conversion needs. */
export type ImportKind = 'txt' | 'markdown' | 'html' | 'docx';

const KIND_BY_EXTENSION: Record<string, ImportKind> = {
  '.txt': 'txt',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.docx': 'docx',
};

/** Every user-facing string of importing, copied from docs/PRODUCT.md#import. */
export const IMPORT_MESSAGES = {
  tooManyFiles: 'You can upload up to 10 files at once.',
  totalTooLarge: 'Total upload size exceeds 5 MB.',
  fileTooLarge: (name: string) => `${name} exceeds 1 MB per-file limit`,
  unsupportedType: (name: string) => `Unsupported file type: ${name}`,
  allowedTypes: 'File type must be .txt, .md, .markdown, .html, .htm or .docx.',
  failed: (name: string, reason?: string) => (reason ? `Failed to import ${name}: ${reason}` : `Failed to import ${name}`),
  docxTooLargeUnpacked: 'This DOCX file is too large when unpacked.',
  docxMalformed: 'The file is damaged or is not a Word document.',
  docxTimeout: 'Converting the file took too long.',
  empty: 'The file has no text.',
  documentTooLarge: 'The converted document is too large.',
  pasteNameRequired: 'Please enter a document name',
  pasteNameTooLong: `A document name can be at most ${FILES.maxNameLength - FILES.extension.length} characters`,
  pasteContentRequired: 'Please enter some content',
  pasteBusy: 'Please wait for previous document to finish creating.',
  pasteFailed: 'Failed to create document. Please try again.',
} as const;

/** The file's extension, lower-cased with its dot ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** How a file is converted, or null when Bree does not import its type. */
export function importKindOf(name: string): ImportKind | null {
  return KIND_BY_EXTENSION[extensionOf(name)] ?? null;
}

/** The imported document's name: the extension replaced by .txt (docs/PRODUCT.md#import). */
export function importedFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  const ext = extensionOf(base);
  const stem = (ext ? base.slice(0, -ext.length) : base).trim();
  // Cleaned and cut to fit like every name Bree makes (names.ts): a long file name is not refused.
  return fitFileName(stem) || fitFileName('Imported');
}

/** The minimum a file needs for validation; real `File`s and test doubles both fit. */
export interface NamedSize {
  name: string;
  size: number;
}

/** The answer of checkSelection: the batch refused, or the files split into accepted and rejected. */
export type SelectionCheck<F extends NamedSize> =
  /** The whole batch is refused (too many files, too large in total). */
  { ok: false; message: string } | { ok: true; accepted: { file: F; kind: ImportKind }[]; rejected: { file: F; message: string }[] };

/**
 * The list-level checks of an import: at most 10 files and 5 MB in total refuse the batch;
 * a file over 1 MB or of another type is refused alone, and the others still import.
 */
export function checkSelection<F extends NamedSize>(files: readonly F[]): SelectionCheck<F> {
  if (files.length > IMPORT_LIMITS.maxFiles) return { ok: false, message: IMPORT_MESSAGES.tooManyFiles };
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > IMPORT_LIMITS.maxTotalBytes) return { ok: false, message: IMPORT_MESSAGES.totalTooLarge };
  const accepted: { file: F; kind: ImportKind }[] = [];
  const rejected: { file: F; message: string }[] = [];
  for (const file of files) {
    const kind = importKindOf(file.name);
    if (!kind) rejected.push({ file, message: IMPORT_MESSAGES.unsupportedType(file.name) });
    else if (file.size > IMPORT_LIMITS.maxFileBytes) rejected.push({ file, message: IMPORT_MESSAGES.fileTooLarge(file.name) });
    else accepted.push({ file, kind });
  }
  return { ok: true, accepted, rejected };
}

/**
 * The message for one of the drop zone's own rejection codes (docs/PRODUCT.md#import). Size and count use
 * the list-level wording so a user sees the same sentence however the file arrived.
 */
export function dropzoneRejectionMessage(error: { code: string; message: string }, fileName: string): string {
  switch (error.code) {
    case 'too-many-files':
      return IMPORT_MESSAGES.tooManyFiles;
    case 'file-too-large':
      return IMPORT_MESSAGES.fileTooLarge(fileName);
    case 'file-invalid-type':
      // react-dropzone's own text lists every MIME type; the extensions are what a writer knows.
      return `${IMPORT_MESSAGES.unsupportedType(fileName)}. ${IMPORT_MESSAGES.allowedTypes}`;
    default:
      return `${fileName}: ${error.message}`;
  }
}

/** The closing toast of an import: 'No files imported', 'Imported N file(s)' or 'Imported a/n files'. */
export function importResultMessage(imported: number, total: number): string {
  if (imported === 0) return 'No files imported';
  if (imported >= total) return `Imported ${imported} file(s)`;
  return `Imported ${imported}/${total} files`;
}
