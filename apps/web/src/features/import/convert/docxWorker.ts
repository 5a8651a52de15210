import { ImportError } from './errors';
import type { DocxReply, DocxRequest } from './docxProtocol';

/** How long a .docx conversion may take before its worker is stopped. */
export const DOCX_TIMEOUT_MS = 15_000;

/** The part of a Worker used here, so tests can hand in a fake. */
export interface DocxWorkerLike {
  postMessage(message: DocxRequest, transfer: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<DocxReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

function spawnDocxWorker(): DocxWorkerLike {
  return new Worker(new URL('./docx.worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Converts a .docx file to HTML in a fresh Web Worker. The worker is terminated when it
 * answers, fails or runs past the timeout, so a stuck conversion cannot hold on to memory.
 */
export function convertDocxInWorker(
  bytes: ArrayBuffer,
  { timeoutMs = DOCX_TIMEOUT_MS, spawn = spawnDocxWorker }: { timeoutMs?: number; spawn?: () => DocxWorkerLike } = {},
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const worker = spawn();
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(new ImportError('docx_timeout'))), timeoutMs);
    worker.onmessage = (event) => {
      const reply = event.data;
      finish(() => (reply.ok ? resolve(reply.html) : reject(new ImportError(reply.problem))));
    };
    worker.onerror = (event) => finish(() => reject(new ImportError('docx_malformed', { cause: event.message })));
    worker.postMessage({ bytes }, [bytes]);
  });
}
