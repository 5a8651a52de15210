import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { DOCUMENT_SAVED_CHANNEL, onDocumentSaved, type DocumentSaved } from './documentSaved';
import { sendSave } from './sendSave';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answering(response: Response) {
  return createApiClient({
    fetch: async () => response,
    getAccessToken: async () => 'token',
    invalidateToken: () => undefined,
    getTenantId: () => 'tenant-1',
    onSessionExpired: () => undefined,
    sleep: async () => undefined,
  });
}

const request = { fileId: 'master-1', content: { type: 'doc', content: [] }, baseRevision: 4, saveKey: 'op-1', source: 'autosave' as const };
const committed = { success: true, saved: true, contentSize: 10, operationId: 'op-1', revision: 5, lastModified: new Date().toISOString() };

/** The next message a listener hears, or null after a quiet while. */
function nextSaved(listen: (listener: (saved: DocumentSaved) => void) => () => void): Promise<DocumentSaved | null> {
  return new Promise((resolve) => {
    const stop = listen((saved) => {
      stop();
      clearTimeout(quiet);
      resolve(saved);
    });
    const quiet = setTimeout(() => {
      stop();
      resolve(null);
    }, 300);
  });
}

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

describe('a committed save is told to this tab and the others', () => {
  it('sendSave announces the saved document and its revision to listeners here', async () => {
    const heard = nextSaved(onDocumentSaved);
    await sendSave(answering(json(200, committed)), request);
    await expect(heard).resolves.toEqual({ fileId: 'master-1', revision: 5 });
  });

  it('another tab hears it on the broadcast channel', async () => {
    const elsewhere = new BroadcastChannel(DOCUMENT_SAVED_CHANNEL);
    stops.push(() => elsewhere.close());
    const heard = nextSaved((listener) => {
      const onMessage = (event: MessageEvent<DocumentSaved>) => listener(event.data);
      elsewhere.addEventListener('message', onMessage);
      return () => elsewhere.removeEventListener('message', onMessage);
    });
    await sendSave(answering(json(200, committed)), request);
    await expect(heard).resolves.toEqual({ fileId: 'master-1', revision: 5 });
  });

  it('a refused or conflicting save announces nothing', async () => {
    const heard = nextSaved(onDocumentSaved);
    const conflict = json(409, { error: { code: 'REVISION_CONFLICT', message: 'x', details: { currentRevision: 6, content: 'theirs' } } });
    await sendSave(answering(conflict), request);
    await expect(heard).resolves.toBeNull();
  });
});
