/** Import (docs/PRODUCT.md#import): the chooser, upload and paste dialogs, and the import call for dropped files. */
export { ImportChooserDialog } from './ImportChooserDialog';
export type { ImportChooserDialogProps } from './ImportChooserDialog';
export { UploadDialog } from './UploadDialog';
export type { UploadDialogProps } from './UploadDialog';
export { LazyUploadDialog } from './LazyUploadDialog';
export { PasteContentDialog } from './PasteContentDialog';
export type { PasteContentDialogProps } from './PasteContentDialog';
export { importFiles } from './importFiles';
export type { FileImportStatus, ImportDeps, ImportSummary } from './importFiles';
export { useImportFiles } from './useImportFiles';
export type { ImportOptions } from './useImportFiles';
export { IMPORT_LIMITS, IMPORT_MESSAGES, importResultMessage } from './validate';
export { FILE_LIST_CHANGED } from './save';
export { ConversionTimer } from './ConversionTimer';
