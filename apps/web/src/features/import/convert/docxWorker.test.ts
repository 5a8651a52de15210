import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocxReply } from './docxProtocol';
import { convertDocxInWorker } from './docxWorker';
import type { DocxWorkerLike } from './docxWorker';

/** A stand-in worker that answers (or not) as told, and records being terminated. */
function fakeWorker(answer: DocxReply | null) {
  const worker: DocxWorkerLike & { terminated: boolean; transferred: Transferable[] } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    transferred: [],
    postMessage(_message, transfer) {
      worker.transferred = transfer;
      if (answer) queueMicrotask(() => worker.onmessage?.(new MessageEvent('message', { data: answer })));
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

afterEach(() => vi.useRealTimers());

describe('DOCX conversion in a worker', () => {
  it('hands the bytes over and ends the worker once it answers', async () => {
    const worker = fakeWorker({ ok: true, html: '<p>hi</p>' });
    const bytes = new ArrayBuffer(4);
    await expect(convertDocxInWorker(bytes, { spawn: () => worker })).resolves.toBe('<p>hi</p>');
    expect(worker.transferred).toEqual([bytes]);
    expect(worker.terminated).toBe(true);
  });

  it("turns the worker's problem into the same ImportError", async () => {
    const worker = fakeWorker({ ok: false, problem: 'docx_too_large_unpacked' });
    await expect(convertDocxInWorker(new ArrayBuffer(1), { spawn: () => worker })).rejects.toThrow('This DOCX file is too large when unpacked.');
    expect(worker.terminated).toBe(true);
  });

  it('stops a conversion that runs past the timeout', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker(null);
    const result = convertDocxInWorker(new ArrayBuffer(1), { spawn: () => worker, timeoutMs: 15_000 });
    const settled = expect(result).rejects.toThrow('Converting the file took too long.');
    await vi.advanceTimersByTimeAsync(15_000);
    await settled;
    expect(worker.terminated).toBe(true);
  });
});
