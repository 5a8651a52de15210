import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_SETTINGS } from '@bree/contracts';
import type { ChecksReply, ChecksRequest } from './checksProtocol';
import { ChecksCancelledError, checkInWorker, createChecksClient } from './localChecksClient';
import type { ChecksWorkerLike } from './localChecksClient';
import { runChecks } from './runChecks';

/** A stand-in worker that runs the checks as the real one does, answering each request when told to. */
function fakeWorker() {
  const worker: ChecksWorkerLike & { requests: ChecksRequest[]; terminated: boolean; answer(index?: number): void; fail(message: string): void } = {
    onmessage: null,
    onerror: null,
    requests: [],
    terminated: false,
    postMessage(message) {
      worker.requests.push(message);
    },
    terminate() {
      worker.terminated = true;
    },
    answer(index = worker.requests.length - 1) {
      const request = worker.requests[index]!;
      const data: ChecksReply = { ok: true, runId: request.runId, ...runChecks(request) };
      worker.onmessage?.(new MessageEvent('message', { data }));
    },
    fail(message) {
      worker.onerror?.(new ErrorEvent('error', { message }));
    },
  };
  return worker;
}

const blocks = [{ id: 'b1', type: 'paragraph', text: 'The pier was taken by the storm.' }];
const settings = DEFAULT_CHECK_SETTINGS;

describe('the local checks client', () => {
  it('runs the checks in one worker that stays alive for the next run', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const client = createChecksClient({ spawn: () => (workers.push(fakeWorker()), workers.at(-1)!) });
    const first = client.run({ blocks, settings, profile: null });
    workers[0]!.answer();
    expect((await first).findings.map((f) => f.quote)).toEqual(['was taken']);
    const second = client.run({ blocks, settings, profile: null });
    workers[0]!.answer();
    await second;
    expect(workers).toHaveLength(1);
    expect(workers[0]!.terminated).toBe(false);
    expect(workers[0]!.requests.map((r) => r.runId)).toEqual([1, 2]);
  });

  it('cancels the waiting run when a new one starts, and ignores its late answer', async () => {
    const worker = fakeWorker();
    const client = createChecksClient({ spawn: () => worker });
    const stale = client.run({ blocks, settings, profile: null });
    const fresh = client.run({ blocks: [{ id: 'b2', type: 'paragraph', text: 'It was really cold.' }], settings, profile: null });
    await expect(stale).rejects.toBeInstanceOf(ChecksCancelledError);
    worker.answer(0);
    worker.answer(1);
    expect((await fresh).findings.map((f) => f.blockId)).toEqual(['b2']);
  });

  it('rejects the run of a worker that fails, and starts a new worker for the next run', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const client = createChecksClient({ spawn: () => (workers.push(fakeWorker()), workers.at(-1)!) });
    const failing = client.run({ blocks, settings, profile: null });
    workers[0]!.fail('boom');
    await expect(failing).rejects.toThrow('boom');
    expect(workers[0]!.terminated).toBe(true);
    const next = client.run({ blocks, settings, profile: null });
    workers[1]!.answer();
    expect((await next).findings).toHaveLength(1);
  });

  it('runs on the main thread where there are no workers (as here, in jsdom)', async () => {
    expect(typeof Worker).toBe('undefined');
    expect((await checkInWorker({ blocks, settings })).map((f) => f.rule)).toEqual(['passive-voice']);
  });
});
