/**
 * "A document's text was saved", told to this tab and to the app's other tabs (docs/SAVING.md
 * "Saved, everywhere"): what shows a document's relation to others (a variant's 'The master has
 * changed', the workspace picker's 'master changed') asks the server again at once instead of
 * waiting for a reload. `sendSave` announces every committed save, whether the editor, the
 * app-wide offline flush or the service worker's Background Sync sent it.
 */

/** The same-tab event and the channel between tabs (and the service worker). */
export const DOCUMENT_SAVED_EVENT = 'bree:document-saved';
export const DOCUMENT_SAVED_CHANNEL = 'bree-document-saved';

export interface DocumentSaved {
  fileId: string;
  revision: number;
}

function isDocumentSaved(value: unknown): value is DocumentSaved {
  if (!value || typeof value !== 'object') return false;
  const { fileId, revision } = value as Record<string, unknown>;
  return typeof fileId === 'string' && typeof revision === 'number';
}

const hasChannel = () => typeof BroadcastChannel === 'function';

/**
 * The page's sending channel. A BroadcastChannel delivers to every other channel object of the
 * origin, this page's listeners included (each has its own), so one message reaches this tab and
 * the others alike; without BroadcastChannel a window event tells this tab only.
 */
let channel: BroadcastChannel | undefined;

/** Tells this tab and the app's other tabs that `fileId` was saved at `revision`. */
export function announceDocumentSaved(saved: DocumentSaved): void {
  const message: DocumentSaved = { fileId: saved.fileId, revision: saved.revision };
  if (hasChannel()) {
    channel ??= new BroadcastChannel(DOCUMENT_SAVED_CHANNEL);
    channel.postMessage(message);
  } else if (typeof globalThis.dispatchEvent === 'function') {
    // globalThis: the service worker sends saves through this module too (it has no window).
    globalThis.dispatchEvent(new CustomEvent<DocumentSaved>(DOCUMENT_SAVED_EVENT, { detail: message }));
  }
}

/** Calls `listener` for each save announced in this tab or another; answers the unsubscribe. */
export function onDocumentSaved(listener: (saved: DocumentSaved) => void): () => void {
  if (hasChannel()) {
    const incoming = new BroadcastChannel(DOCUMENT_SAVED_CHANNEL);
    incoming.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isDocumentSaved(event.data)) listener(event.data);
    });
    return () => incoming.close();
  }
  const onEvent = (event: Event) => {
    const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
    if (isDocumentSaved(detail)) listener(detail);
  };
  globalThis.addEventListener(DOCUMENT_SAVED_EVENT, onEvent);
  return () => globalThis.removeEventListener(DOCUMENT_SAVED_EVENT, onEvent);
}
