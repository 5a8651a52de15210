import { describe, expect, it, vi } from 'vitest';
import { createNotifier, toastDuration } from './toast';
import type { ToastAction, ToastBackend, ToastKind } from './toast';

function setup(width = 1280) {
  let clock = 0;
  let seq = 0;
  const shown: Array<{ kind: ToastKind; message: string; duration: number; id: string; action?: ToastAction }> = [];
  const dismissed: string[] = [];
  const scheduled: Array<{ fn: () => void; ms: number }> = [];
  const backend: ToastBackend = {
    show(kind, message, { id, duration, action }) {
      const toastId = id ?? `t${++seq}`;
      shown.push({ kind, message, duration, id: toastId, action });
      return toastId;
    },
    dismiss: (id) => dismissed.push(id),
  };
  const notify = createNotifier({
    backend,
    now: () => clock,
    viewportWidth: () => width,
    schedule: (fn, ms) => scheduled.push({ fn, ms }),
  });
  return { notify, shown, dismissed, scheduled, advance: (ms: number) => (clock += ms) };
}

describe('toast notifier', () => {
  it('shows an identical message only once within 3 seconds', () => {
    const { notify, shown, advance } = setup();
    const first = notify.error('Failed to delete file');
    advance(2999);
    const second = notify.error('Failed to delete file');
    expect(second).toBe(first);
    expect(shown).toHaveLength(1);
  });

  it('shows the identical message again once the 3 second window has passed', () => {
    const { notify, shown, advance } = setup();
    notify.error('Failed to delete file');
    advance(3000);
    notify.error('Failed to delete file');
    expect(shown).toHaveLength(2);
  });

  it('treats different messages and different kinds as different toasts', () => {
    const { notify, shown } = setup();
    notify.error('A');
    notify.error('B');
    notify.success('A');
    expect(shown.map((s) => `${s.kind}:${s.message}`)).toEqual(['error:A', 'error:B', 'success:A']);
  });

  it('lets a replacement with an explicit id through (loading becomes success)', () => {
    const { notify, shown } = setup();
    const id = notify.loading('Saving…');
    notify.success('Saved', { id });
    notify.success('Saved', { id });
    expect(shown.map((s) => s.id)).toEqual([id, id, id]);
  });

  it('uses desktop durations above 767 px and mobile durations at 767 px or less', () => {
    const desktop = setup(768);
    desktop.notify.success('ok');
    desktop.notify.error('bad');
    desktop.notify.info('fyi');
    desktop.notify.warning('careful');
    expect(desktop.shown.map((s) => s.duration)).toEqual([3000, 5000, 4000, 4000]);

    const mobile = setup(767);
    mobile.notify.success('ok');
    mobile.notify.error('bad');
    mobile.notify.info('fyi');
    mobile.notify.warning('careful');
    expect(mobile.shown.map((s) => s.duration)).toEqual([4000, 6000, 5000, 5000]);
  });

  it('shows every toast with an action (each Undo has its own target) and keeps it up long enough to reach the button', () => {
    const { notify, shown } = setup(767);
    const undoA = { label: 'Undo', run: vi.fn() };
    const undoB = { label: 'Undo', run: vi.fn() };
    const a = notify.success('File deleted', { action: undoA });
    const b = notify.success('File deleted', { action: undoB });
    expect(a).not.toBe(b);
    expect(shown.map((s) => [s.action, s.duration])).toEqual([
      [undoA, 8000],
      [undoB, 8000],
    ]);
  });

  it('keeps loading toasts until they are dismissed', () => {
    expect(toastDuration('loading', 1280)).toBe(Number.POSITIVE_INFINITY);
  });

  it('keeps a toast on screen for at least 1000 ms when dismissed early', () => {
    const { notify, dismissed, scheduled, advance } = setup();
    const id = notify.info('Hello');
    advance(300);
    notify.dismiss(id);
    expect(dismissed).toEqual([]);
    expect(scheduled.map((s) => s.ms)).toEqual([700]);
    scheduled[0]?.fn();
    expect(dismissed).toEqual([id]);
  });

  it('dismisses at once when the toast has been visible long enough', () => {
    const { notify, dismissed, scheduled, advance } = setup();
    const id = notify.info('Hello');
    advance(1500);
    notify.dismiss(id);
    expect(dismissed).toEqual([id]);
    expect(scheduled).toHaveLength(0);
  });

  it('works with real timers through the default scheduler', () => {
    vi.useFakeTimers();
    try {
      const dismissed: string[] = [];
      const notify = createNotifier({
        backend: { show: () => 'x', dismiss: (id) => dismissed.push(id) },
        now: () => Date.now(),
      });
      notify.success('Done');
      notify.dismiss('x');
      vi.advanceTimersByTime(999);
      expect(dismissed).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(dismissed).toEqual(['x']);
    } finally {
      vi.useRealTimers();
    }
  });
});
