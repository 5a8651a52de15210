export { SharingSettings } from './SharingSettings';
export { SharedDocumentPage } from './SharedDocumentPage';
