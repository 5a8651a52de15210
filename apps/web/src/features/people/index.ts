export { InvitePage } from './InvitePage';
export { SharedDocumentPage } from './SharedDocumentPage';
