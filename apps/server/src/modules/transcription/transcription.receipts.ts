import { randomUUID } from 'node:crypto';
import type { NotificationHub } from '../../db/notifications';

/** Where a page's "I have the text" reaches the process that holds the recording's words. */
export const DICTATION_RECEIVED_CHANNEL = 'bree_dictation_received';

/** How long the words of an answered recording wait for the page to say it put them in (docs/DICTATION.md). */
export const DICTATION_RECEIPT_WAIT_MS = 30_000;

interface Waiting {
  tenantId: string;
  timer: ReturnType<typeof setTimeout>;
  write: () => Promise<void>;
}

/**
 * Receipts of dictated text (docs/DICTATION.md "Nothing lost"). An answer that reached the connection
 * may still never reach the editor (the tab closing as it arrives); so the words wait here, with the
 * write that puts them at the end of the document, until the page acknowledges them — on whichever
 * process its acknowledgement lands, told on the hub — or the wait runs out and the write runs. A lost
 * acknowledgement means the words twice, never none. On shutdown every waiting write runs at once.
 */
export function createDictationReceipts({
  hub,
  waitMs = DICTATION_RECEIPT_WAIT_MS,
}: {
  hub?: Pick<NotificationHub, 'origin' | 'listen' | 'notify'> | null;
  waitMs?: number;
}) {
  const waiting = new Map<string, Waiting>();
  let onWriteError: (error: unknown) => void = () => undefined;

  function settle(tenantId: string, receipt: string): boolean {
    const entry = waiting.get(receipt);
    if (!entry || entry.tenantId !== tenantId) return false;
    clearTimeout(entry.timer);
    waiting.delete(receipt);
    return true;
  }
  async function runWrite(receipt: string): Promise<void> {
    const entry = waiting.get(receipt);
    if (!entry) return;
    waiting.delete(receipt);
    clearTimeout(entry.timer);
    await entry.write().catch(onWriteError);
  }

  const listening = hub
    ? hub.listen(DICTATION_RECEIVED_CHANNEL, ({ origin, payload }) => {
        if (origin === hub.origin) return;
        try {
          const { tenantId, receipt } = JSON.parse(payload) as { tenantId: string; receipt: string };
          settle(tenantId, receipt);
        } catch {
          // Not a receipt of ours.
        }
      })
    : Promise.resolve();

  return {
    /** Waits until this process hears receipts sent to the others (the app awaits it before serving). */
    ready: (): Promise<void> => listening,

    /** Holds `write` until the page acknowledges the returned receipt, or runs it when the wait is over. */
    hold(tenantId: string, write: () => Promise<void>): string {
      const receipt = randomUUID();
      const timer = setTimeout(() => void runWrite(receipt), waitMs);
      timer.unref();
      waiting.set(receipt, { tenantId, timer, write });
      return receipt;
    },

    /** The page has the words: the write is dropped here, or on the process that holds it. */
    async received(tenantId: string, receipt: string): Promise<void> {
      if (settle(tenantId, receipt)) return;
      await hub?.notify(DICTATION_RECEIVED_CHANNEL, JSON.stringify({ tenantId, receipt }));
    },

    /** Shutdown: the words nobody acknowledged yet are written now rather than lost with the process. */
    async flush(): Promise<void> {
      await Promise.all([...waiting.keys()].map(runWrite));
    },

    /** Where a failed write is told (the app's log). */
    reportErrorsTo(handler: (error: unknown) => void): void {
      onWriteError = handler;
    },
  };
}
export type DictationReceipts = ReturnType<typeof createDictationReceipts>;
