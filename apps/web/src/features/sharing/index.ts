export { SharingSettings } from './SharingSettings';
export { SharedDocumentPage } from './SharedDocumentPage';
export { useCopyFromShare } from './useCopyFromShare';
