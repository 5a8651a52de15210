export { DocumentsPage } from './DocumentsPage';
export { TrashPage } from './TrashPage';
export { emitFileListChanged, FILE_LIST_CHANGED_EVENT } from './events';
export type { FileListChangedDetail } from './events';
export { formatLastModified } from './lastModified';
