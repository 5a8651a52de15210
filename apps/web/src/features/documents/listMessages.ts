/** The messages the list shows (docs/PRODUCT.md#documents). */
export const MESSAGES = {
  createFailed: 'Failed to create document. Please try again.',
  renamed: 'File renamed successfully',
  renameFailed: 'Failed to rename file',
  deleted: 'File deleted',
  undo: 'Undo',
  undoDelete: (name: string) => `Undo deleting ${name}`,
  deleteFailed: 'Failed to delete file',
  restored: (name: string) => `“${name}” restored`,
  restoreFailed: 'Failed to restore document',
  bulkDeleted: (n: number) => `${n} file(s) deleted`,
  bulkDeleteFailed: (n: number, total: number) => `Failed to delete ${n} of ${total} file(s)`,
  undoBulkDelete: (n: number) => `Undo deleting ${n} file(s)`,
  bulkRestored: (n: number) => `${n} file(s) restored`,
  bulkRestoreFailed: (n: number, total: number) => `Failed to restore ${n} of ${total} file(s)`,
  updateFailed: 'Update failed',
  copyFailed: 'Failed to copy document',
} as const;
