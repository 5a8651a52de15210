import type { IncomingMessage } from 'node:http';

/** How much of a refused body Bree still reads, as a multiple of the route's body limit. */
export const DRAIN_LIMIT_FACTOR = 10;
/** How long Bree waits for the rest of a refused body. */
export const DRAIN_TIMEOUT_MS = 60_000;

/**
 * Reads and discards what is left of a request body Bree refused (413), so the answer reaches
 * the client. Closing a socket the client is still writing to makes the kernel answer with a
 * reset, and a browser then reports a network error instead of the 413 already sent. Resolves
 * true once the body has ended (the connection may serve the client's next request), false
 * when the client sent more than `maxBytes` or took longer than `timeoutMs` (then close it).
 */
export function drainRejectedBody(
  raw: IncomingMessage,
  { maxBytes, timeoutMs = DRAIN_TIMEOUT_MS }: { maxBytes: number; timeoutMs?: number },
): Promise<boolean> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve(raw.readableEnded);
  return new Promise((resolve) => {
    let drained = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer | string) => {
      drained += chunk.length;
      if (drained > maxBytes) {
        // Stop reading: what the client still sends waits in the socket until it is closed.
        raw.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.readableEnded);
    const timer = setTimeout(() => {
      raw.pause();
      finish(false);
    }, timeoutMs);
    timer.unref();
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.on('error', onClose);
    raw.resume();
  });
}
