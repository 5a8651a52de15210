export { EditorPage } from './EditorPage';
export { DOCUMENT_SETTINGS_EVENT } from './MobileHeader';
export type { DocumentSettingsDetail } from './MobileHeader';
