import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { putOfflineSave, settleLocalCopy } from './offlineStore';
import { createLocalCopy, createLocalCopyTimer, LOCAL_COPY_TIMING } from './localCopy';

vi.mock('./offlineStore', () => ({
  putOfflineSave: vi.fn(async (record: { operationId?: string }) => record.operationId ?? 'key'),
  settleLocalCopy: vi.fn(async () => undefined),
}));

const put = vi.mocked(putOfflineSave);
const settle = vi.mocked(settleLocalCopy);

beforeEach(() => {
  vi.useFakeTimers();
  put.mockClear();
  settle.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('the local copy timer: every key is copied within 250 ms', () => {
  it('one key is copied 100 ms after it, not before', () => {
    const write = vi.fn();
    const timer = createLocalCopyTimer({ write });
    timer.edited();
    vi.advanceTimersByTime(LOCAL_COPY_TIMING.quietMs - 1);
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(write).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('while typing on (a key every 40 ms for 2 s) every key is copied within 200 ms, and after the last within 100 ms', () => {
    const writes: number[] = [];
    const timer = createLocalCopyTimer({ write: () => writes.push(Date.now()) });
    const start = Date.now();
    const keys: number[] = [];
    for (let t = 0; t < 2000; t += 40) {
      keys.push(Date.now());
      timer.edited();
      vi.advanceTimersByTime(40);
    }
    vi.advanceTimersByTime(500);
    for (const key of keys) {
      const copied = writes.find((at) => at >= key);
      expect(copied, `key at ${key - start} ms`).toBeDefined();
      expect(copied! - key).toBeLessThanOrEqual(LOCAL_COPY_TIMING.maxDelayMs);
    }
    expect(writes.at(-1)! - keys.at(-1)!).toBeLessThanOrEqual(LOCAL_COPY_TIMING.quietMs);
    // Not once per key: a copy reads the whole document.
    expect(writes.length).toBeLessThan(keys.length / 3);
  });

  it('flush writes a pending copy at once and nothing when none is pending; cancel forgets it', () => {
    const write = vi.fn();
    const timer = createLocalCopyTimer({ write });
    timer.flush();
    expect(write).not.toHaveBeenCalled();
    timer.edited();
    timer.flush();
    expect(write).toHaveBeenCalledTimes(1);
    expect(timer.pending()).toBe(false);
    timer.edited();
    timer.cancel();
    vi.advanceTimersByTime(1000);
    expect(write).toHaveBeenCalledTimes(1);
  });
});

describe('one document’s local copy', () => {
  const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }] });

  function setup() {
    const state = { text: 'Start', revision: 3 };
    const copy = createLocalCopy({
      tenantId: 't1',
      fileId: 'f1',
      read: () => ({ content: doc(state.text), text: state.text }),
      baseRevision: () => state.revision,
    });
    return { state, copy };
  }

  it('is written with the text and its base revision, under a save key of its own', () => {
    const { state, copy } = setup();
    state.text = 'Start here';
    copy.edited();
    vi.advanceTimersByTime(LOCAL_COPY_TIMING.maxDelayMs);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put.mock.calls[0]![0]).toMatchObject({ tenantId: 't1', fileId: 'f1', content: doc('Start here'), baseRevision: 3 });
    expect(put.mock.calls[0]![0].operationId).toEqual(expect.any(String));
  });

  it('a commit of every edit drops the copy it covers and a pending one', () => {
    const { copy } = setup();
    copy.edited();
    vi.advanceTimersByTime(LOCAL_COPY_TIMING.maxDelayMs);
    const key = put.mock.calls[0]![0].operationId;
    copy.edited();
    const covered = copy.covered();
    copy.committed({ covered, revision: 4 });
    vi.advanceTimersByTime(1000);
    expect(put).toHaveBeenCalledTimes(1);
    expect(settle).toHaveBeenCalledWith({ tenantId: 't1', fileId: 'f1', ownKey: key, coveredAt: covered.at });
  });

  it('a copy of edits made while a save was on its way is rebased on that save’s revision, not dropped', () => {
    const { state, copy } = setup();
    copy.edited();
    const covered = copy.covered();
    state.text = 'Start and more';
    copy.edited();
    vi.advanceTimersByTime(LOCAL_COPY_TIMING.maxDelayMs);
    const key = put.mock.calls[0]![0].operationId;
    copy.committed({ covered, revision: 4 });
    expect(settle).toHaveBeenCalledWith({ tenantId: 't1', fileId: 'f1', ownKey: key, coveredAt: covered.at, rebaseTo: 4 });
  });

  it('a blank text is not copied, and an older copy is dropped', () => {
    const { state, copy } = setup();
    state.text = '  ';
    copy.edited();
    vi.advanceTimersByTime(LOCAL_COPY_TIMING.maxDelayMs);
    expect(put).not.toHaveBeenCalled();
    expect(settle).toHaveBeenCalledTimes(1);
  });

  it('an unanswered save is stored unless a newer copy already is', async () => {
    const { copy } = setup();
    copy.edited();
    const covered = copy.covered();
    await copy.storeUnsent({ content: doc('Start'), covered, baseRevision: 3 });
    expect(put).toHaveBeenCalledTimes(1);
    copy.edited();
    vi.advanceTimersByTime(LOCAL_COPY_TIMING.maxDelayMs);
    expect(put).toHaveBeenCalledTimes(2);
    await copy.storeUnsent({ content: doc('Start'), covered, baseRevision: 3 });
    expect(put).toHaveBeenCalledTimes(2);
  });

  it('the server’s text loaded into the editor makes any copy obsolete', () => {
    const { copy } = setup();
    copy.edited();
    copy.replaced();
    vi.advanceTimersByTime(1000);
    expect(put).not.toHaveBeenCalled();
    expect(settle).toHaveBeenCalledWith(expect.objectContaining({ ownKey: null }));
  });
});
