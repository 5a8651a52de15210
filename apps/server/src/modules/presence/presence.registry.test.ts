import { describe, expect, it } from 'vitest';
import { createPresenceRegistry, MAX_DEPARTED, MAX_WINDOWS_PER_PERSON } from './presence.registry';

const ann = { personId: 'sub-ann', name: 'Ann' };
const bo = { personId: 'sub-bo', name: 'Bo' };

describe('the presence registry', () => {
  it('answers everyone but the asking window, one entry per person with their windows counted', () => {
    const r = createPresenceRegistry({ expiryMs: 40_000 });
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 0 }, 0);
    r.touch('doc', { ...ann, sessionId: 'a2', seenAt: 0 }, 0);
    r.touch('doc', { ...bo, sessionId: 'b1', seenAt: 0 }, 0);
    r.touch('other', { ...bo, sessionId: 'b2', seenAt: 0 }, 0);
    expect(r.others('doc', { personId: 'sub-ann', sessionId: 'a1' }, 1)).toEqual([
      { ...ann, windows: 1 },
      { ...bo, windows: 1 },
    ]);
    expect(r.others('doc', { personId: 'sub-bo', sessionId: 'b1' }, 1)).toEqual([{ ...ann, windows: 2 }]);
  });

  it('forgets a window not heard from for the expiry, and keeps one that keeps saying it is there', () => {
    const r = createPresenceRegistry({ expiryMs: 40_000 });
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 0 }, 0);
    r.touch('doc', { ...bo, sessionId: 'b1', seenAt: 0 }, 0);
    r.touch('doc', { ...bo, sessionId: 'b1', seenAt: 30_000 }, 30_000);
    const asking = { personId: 'sub-x', sessionId: 'x' };
    expect(r.others('doc', asking, 39_999).map((p) => p.name)).toEqual(['Ann', 'Bo']);
    expect(r.others('doc', asking, 40_000).map((p) => p.name)).toEqual(['Bo']);
    r.sweep(80_000);
    expect(r.size()).toBe(0);
  });

  it('lets a goodbye stand against a heartbeat sent before it but heard after it, not against a later one', () => {
    const r = createPresenceRegistry({ expiryMs: 40_000 });
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 100 }, 100);
    r.leave('doc', 'sub-ann', 'a1', 200);
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 150 }, 250);
    const asking = { personId: 'sub-x', sessionId: 'x' };
    expect(r.others('doc', asking, 300)).toEqual([]);
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 300 }, 300);
    expect(r.others('doc', asking, 300)).toEqual([{ ...ann, windows: 1 }]);
  });

  it('orders one window by its own clock: a heartbeat it sent before its goodbye, heard later on the server, does not bring it back', () => {
    const r = createPresenceRegistry({ expiryMs: 40_000 });
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 1_000, order: 50 }, 1_000);
    // The goodbye (sent at 70 by the window) is heard first, at 1_100; the heartbeat sent at 60 is heard at 1_200.
    r.leave('doc', 'sub-ann', 'a1', 1_100, 70);
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 1_200, order: 60 }, 1_200);
    const asking = { personId: 'sub-x', sessionId: 'x' };
    expect(r.others('doc', asking, 1_300)).toEqual([]);
    // The same window after a reload (sent later by its clock) is there again.
    r.touch('doc', { ...ann, sessionId: 'a1', seenAt: 1_400, order: 80 }, 1_400);
    expect(r.others('doc', asking, 1_400)).toEqual([{ ...ann, windows: 1 }]);
  });

  it("cannot end another person's window with the same session id", () => {
    const r = createPresenceRegistry({ expiryMs: 40_000 });
    r.touch('doc', { ...ann, sessionId: 'same', seenAt: 0 }, 0);
    r.leave('doc', 'sub-bo', 'same', 1);
    expect(r.others('doc', { personId: 'sub-x', sessionId: 'x' }, 2)).toEqual([{ ...ann, windows: 1 }]);
  });

  it('holds at most so many windows per person, and so many goodbyes in all', () => {
    const r = createPresenceRegistry({ expiryMs: 40_000 });
    for (let i = 0; i < MAX_WINDOWS_PER_PERSON + 5; i += 1) r.touch('doc', { ...ann, sessionId: `a${i}`, seenAt: 0 }, 0);
    expect(r.others('doc', { personId: 'sub-x', sessionId: 'x' }, 1)).toEqual([{ ...ann, windows: MAX_WINDOWS_PER_PERSON }]);
    for (let i = 0; i < MAX_DEPARTED + 50; i += 1) r.leave(`doc-${i}`, 'sub-bo', 'b', 0);
    expect(r.size()).toBe(1 + MAX_DEPARTED);
  });
});
