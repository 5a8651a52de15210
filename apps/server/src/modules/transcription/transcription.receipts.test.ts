import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../db/notifications';
import { createDictationReceipts } from './transcription.receipts';

/** Two processes' hubs on one channel, as PostgreSQL's NOTIFY joins them (each hears every message, its own too). */
function twoHubs() {
  const handlers: Array<(n: Notification) => void> = [];
  const hub = (origin: `${string}-${string}-${string}-${string}-${string}`) => ({
    origin,
    listen: async (_channel: string, handler: (n: Notification) => void) => void handlers.push(handler),
    notify: async (_channel: string, payload: string) => handlers.forEach((handler) => handler({ origin, payload })),
  });
  return [hub('a-a-a-a-a'), hub('b-b-b-b-b')] as const;
}

describe('dictation receipts', () => {
  it('drops the write once the page acknowledges the words, and runs it when nobody does', async () => {
    const receipts = createDictationReceipts({ waitMs: 20 });
    const kept = vi.fn(async () => undefined);
    const lost = vi.fn(async () => undefined);
    const acknowledged = receipts.hold('tenant-1', kept);
    receipts.hold('tenant-1', lost);
    await receipts.received('tenant-1', acknowledged);
    await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1));
    expect(kept).not.toHaveBeenCalled();
  });

  it("ignores another tenant's acknowledgement of the same receipt", async () => {
    const receipts = createDictationReceipts({ waitMs: 20 });
    const write = vi.fn(async () => undefined);
    const receipt = receipts.hold('tenant-1', write);
    await receipts.received('tenant-2', receipt);
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
  });

  it('hears an acknowledgement that reached another process', async () => {
    const [hubA, hubB] = twoHubs();
    const onA = createDictationReceipts({ hub: hubA, waitMs: 50 });
    const onB = createDictationReceipts({ hub: hubB, waitMs: 50 });
    const write = vi.fn(async () => undefined);
    const receipt = onA.hold('tenant-1', write);
    await onB.received('tenant-1', receipt);
    const other = onA.hold('tenant-1', write);
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    // The one that ran is the one nobody acknowledged.
    await onA.received('tenant-1', other);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('writes everything still waiting at shutdown, once, and reports a failed write', async () => {
    const receipts = createDictationReceipts({ waitMs: 60_000 });
    const failures: unknown[] = [];
    receipts.reportErrorsTo((error) => failures.push(error));
    const write = vi.fn(async () => undefined);
    receipts.hold('tenant-1', write);
    receipts.hold('tenant-1', () => Promise.reject(new Error('database gone')));
    await receipts.flush();
    await receipts.flush();
    expect(write).toHaveBeenCalledTimes(1);
    expect(failures).toEqual([new Error('database gone')]);
  });
});
