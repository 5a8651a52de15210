/** Offline saves beyond the editor: the app-wide flush, Background Sync and the worker's token. */
export { useAppOfflineFlush, flushNow, FLUSH_REQUEST_EVENT } from './useAppOfflineFlush';
export { claimOfflineDocument, FLUSH_REQUEST_MESSAGE, OFFLINE_SYNC_TAG } from './flush';
export { requestBackgroundSync } from './backgroundSync';
export { storeWorkerToken, clearWorkerToken } from './swAuth';
