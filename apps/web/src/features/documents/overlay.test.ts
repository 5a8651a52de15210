import { describe, expect, it } from 'vitest';
import { file } from './fileFixture';
import { applyOverlay, createOverlayStore, isTombstoned, OVERLAY_LIFETIME_MS } from './overlay';

function clockedStore() {
  let t = 1_000;
  const timers: Array<{ at: number; fn: () => void }> = [];
  const store = createOverlayStore({ now: () => t, schedule: (fn, ms) => void timers.push({ at: t + ms, fn }) });
  const advance = (ms: number) => {
    t += ms;
    for (const timer of timers.splice(0))
      if (timer.at <= t) timer.fn();
      else timers.push(timer);
  };
  return { store, now: () => t, advance };
}

describe('optimistic overlay', () => {
  it('hides a deleted file behind a tombstone at once', () => {
    const { store, now } = clockedStore();
    store.add({ id: 'op1', fileId: 'b', patch: { kind: 'delete' } });
    expect(applyOverlay([file('a'), file('b'), file('c')], store.entries(), now()).map((f) => f.id)).toEqual(['a', 'c']);
    expect(isTombstoned(store.entries(), 'b', now())).toBe(true);
  });

  it('restores the file when the change is rolled back', () => {
    const { store, now } = clockedStore();
    store.add({ id: 'op1', fileId: 'b', patch: { kind: 'delete' } });
    store.remove('op1');
    expect(applyOverlay([file('a'), file('b')], store.entries(), now()).map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('keeps confirmed entries for 30 s so a stale refetch cannot resurrect a deleted row, then lets go', () => {
    const { store, now, advance } = clockedStore();
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.add({ id: 'op1', fileId: 'b', patch: { kind: 'delete' } });
    store.confirm('op1');
    expect(store.entries()[0]?.status).toBe('confirmed');
    advance(OVERLAY_LIFETIME_MS - 1);
    expect(applyOverlay([file('b')], store.entries(), now())).toEqual([]);
    advance(1);
    expect(store.entries()).toEqual([]);
    expect(applyOverlay([file('b')], store.entries(), now()).map((f) => f.id)).toEqual(['b']);
    expect(notified).toBe(3);
  });

  it('pending entries never expire on their own', () => {
    const { store, now, advance } = clockedStore();
    store.add({ id: 'op1', fileId: 'a', patch: { kind: 'metadata', metadata: { authenticity: 'Human' } } });
    advance(10 * OVERLAY_LIFETIME_MS);
    expect(applyOverlay([file('a')], store.entries(), now())[0]?.metadata.authenticity).toBe('Human');
  });

  it('renames with the display name recomputed', () => {
    const { store, now } = clockedStore();
    store.add({ id: 'op1', fileId: 'a', patch: { kind: 'rename', name: 'Essay.txt', filePath: 'Essay.txt' } });
    const [renamed] = applyOverlay([file('a', 'Draft.txt')], store.entries(), now());
    expect(renamed).toMatchObject({ name: 'Essay.txt', displayName: 'Essay', filePath: 'Essay.txt' });
  });

  it('applies entries in order: the later tag wins', () => {
    const { store, now } = clockedStore();
    store.add({ id: 'op1', fileId: 'a', patch: { kind: 'metadata', metadata: { authenticity: 'AI' } } });
    store.add({ id: 'op2', fileId: 'a', patch: { kind: 'metadata', metadata: { authenticity: 'Human' } } });
    expect(applyOverlay([file('a')], store.entries(), now())[0]?.metadata.authenticity).toBe('Human');
  });

  it('shows a created file first until the server list has it, and never twice', () => {
    const { store, now } = clockedStore();
    store.add({ id: 'op1', fileId: 'n', patch: { kind: 'create', file: file('n', 'Untitled.txt') } });
    expect(applyOverlay([file('a')], store.entries(), now()).map((f) => f.id)).toEqual(['n', 'a']);
    expect(applyOverlay([file('n'), file('a')], store.entries(), now()).map((f) => f.id)).toEqual(['n', 'a']);
    expect(applyOverlay([file('a')], store.entries(), now(), { includeCreated: false }).map((f) => f.id)).toEqual(['a']);
  });

  it('skips a duplicate change id', () => {
    const { store } = clockedStore();
    store.add({ id: 'op1', fileId: 'a', patch: { kind: 'delete' } });
    store.add({ id: 'op1', fileId: 'a', patch: { kind: 'delete' } });
    expect(store.entries()).toHaveLength(1);
  });
});
