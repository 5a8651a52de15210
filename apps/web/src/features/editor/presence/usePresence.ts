import { useEffect, useState } from 'react';
import { PRESENCE_HEARTBEAT_SECONDS, presenceAnswerSchema, type PresencePerson } from '@bree/contracts';
import { isApiError, type ApiClient } from '../../../lib/api';
import { followSave } from './followSaves';

const WINDOW_ID_KEY = 'bree:window-id';

/**
 * This tab's id, kept in sessionStorage: a reload is the same window again (a page being reloaded cannot be
 * counted on to send its goodbye, and its old id would show as a second window until it expired).
 */
function windowId(): string {
  try {
    const kept = sessionStorage.getItem(WINDOW_ID_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    sessionStorage.setItem(WINDOW_ID_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

/**
 * This window says it has the document open, every PRESENCE_HEARTBEAT_SECONDS and at once when it comes back
 * into view, and hears who else has (docs/COLLABORATION.md "Presence") and the document's revision; it says goodbye when it closes
 * or leaves the document. A failed heartbeat changes nothing: the next one tries again.
 */
export function usePresence(api: ApiClient, fileId: string): PresencePerson[] {
  const [people, setPeople] = useState<PresencePerson[]>([]);
  useEffect(() => {
    const sessionId = windowId();
    const path = `/presence/${encodeURIComponent(fileId)}`;
    let open = true;
    // Offline, nobody can be heard (and a request bound to fail is not made); a document gone (404) is not asked about again.
    let gone = false;
    const beat = () => {
      if (gone || !navigator.onLine) return;
      api
        // sentAt orders this window's messages: a heartbeat still on its way when the goodbye overtakes it is not a return.
        .post(path, { sessionId, sentAt: Date.now() }, { schema: presenceAnswerSchema, retry: false })
        .then((answer) => {
          if (!open) return;
          setPeople(answer.people);
          // A save made elsewhere shows here when nothing is waiting to be saved (followSaves.ts).
          void followSave(api, fileId, answer.revision);
        })
        .catch((error: unknown) => {
          if (isApiError(error) && error.status === 404) gone = true;
        });
    };
    // Sent with keepalive, so it still goes out while the page closes.
    const leave = () =>
      navigator.onLine && void api.post(`${path}/leave`, { sessionId, sentAt: Date.now() }, { retry: false, keepalive: true }).catch(() => undefined);
    const onVisible = () => document.visibilityState === 'visible' && beat();
    beat();
    const timer = setInterval(beat, PRESENCE_HEARTBEAT_SECONDS * 1000);
    document.addEventListener('visibilitychange', onVisible);
    // A page restored from the back-forward cache is there again.
    window.addEventListener('pageshow', beat);
    window.addEventListener('pagehide', leave);
    return () => {
      open = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', beat);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [api, fileId]);
  return people;
}
