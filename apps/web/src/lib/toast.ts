import { createElement } from 'react';
import hotToast from 'react-hot-toast';
import { BREAKPOINTS, TOAST } from '@bree/contracts';
import { ToastActionMessage } from './ToastAction';

export type ToastKind = 'success' | 'error' | 'info' | 'warning' | 'loading';

/** A button in a toast (e.g. Undo after a delete); running it closes the toast. */
export interface ToastAction {
  label: string;
  /** The button's accessible name when the label alone is ambiguous; it must contain the label. */
  ariaLabel?: string;
  run: () => void;
}

export interface NotifyOptions {
  /** Replace an existing toast (e.g. a loading toast becoming success); skips de-duplication. */
  id?: string;
  /** A button in the toast; such a toast is never de-duplicated (its target differs) and stays longer. */
  action?: ToastAction;
}

/** What the notifier needs from a toast library; react-hot-toast in the app, a fake in tests. */
export interface ToastBackend {
  show(kind: ToastKind, message: string, options: { id?: string; duration: number; action?: ToastAction }): string;
  dismiss(id: string): void;
}

export interface NotifierDeps {
  backend: ToastBackend;
  now?: () => number;
  viewportWidth?: () => number;
  schedule?: (fn: () => void, ms: number) => void;
}

export type Notifier = Record<ToastKind, (message: string, options?: NotifyOptions) => string> & {
  dismiss(id: string): void;
};

/** The duration of docs/PRODUCT.md#startup for a toast kind at a viewport width (mobile is ≤ 767 px; loading never ends). */
export function toastDuration(kind: ToastKind, width: number): number {
  if (kind === 'loading') return Number.POSITIVE_INFINITY;
  const pair = TOAST.durations[kind];
  return width <= BREAKPOINTS.mobileMax ? pair.mobile : pair.desktop;
}

/** A toast with a button stays at least TOAST.actionDurationMs: an Undo that vanishes before it can be reached helps nobody. */
function durationOf(kind: ToastKind, width: number, action: ToastAction | undefined): number {
  const base = toastDuration(kind, width);
  return action ? Math.max(base, TOAST.actionDurationMs) : base;
}

/** Builds notify.* with 3 s de-duplication of identical messages and a 1 s minimum visibility. */
export function createNotifier({
  backend,
  now = () => Date.now(),
  viewportWidth = () => (typeof window === 'undefined' ? 1280 : window.innerWidth),
  schedule = (fn, ms) => {
    setTimeout(fn, ms);
  },
}: NotifierDeps): Notifier {
  const recent = new Map<string, { id: string; at: number }>();
  const shownAt = new Map<string, number>();

  const prune = (t: number) => {
    for (const [key, entry] of recent) if (t - entry.at >= TOAST.dedupeWindowMs) recent.delete(key);
  };

  const show = (kind: ToastKind, message: string, options: NotifyOptions = {}): string => {
    const t = now();
    prune(t);
    const key = `${kind}\u0000${message}`;
    const previous = recent.get(key);
    // The same message within the window would only stack noise; hand back the first toast.
    // A toast with an action acts on its own target (Undo of this delete), so it always shows.
    if (!options.id && !options.action && previous) return previous.id;
    const id = backend.show(kind, message, {
      ...(options.id ? { id: options.id } : {}),
      ...(options.action ? { action: options.action } : {}),
      duration: durationOf(kind, viewportWidth(), options.action),
    });
    recent.set(key, { id, at: t });
    shownAt.set(id, t);
    return id;
  };

  return {
    success: (m, o) => show('success', m, o),
    error: (m, o) => show('error', m, o),
    info: (m, o) => show('info', m, o),
    warning: (m, o) => show('warning', m, o),
    loading: (m, o) => show('loading', m, o),
    dismiss(id) {
      const since = shownAt.has(id) ? now() - (shownAt.get(id) ?? 0) : TOAST.minVisibleMs;
      const finish = () => {
        shownAt.delete(id);
        backend.dismiss(id);
      };
      // A toast that vanishes sooner than this can't be read; keep it up to the minimum.
      if (since < TOAST.minVisibleMs) schedule(finish, TOAST.minVisibleMs - since);
      else finish();
    },
  };
}

const ICONS: Partial<Record<ToastKind, string>> = { info: 'ℹ️', warning: '⚠️' };

let actionToasts = 0;

/** react-hot-toast as the backend; it caps its list at 20 toasts (TOAST.maxToasts) by itself. */
export const hotToastBackend: ToastBackend = {
  show(kind, message, { id, duration, action }) {
    // A toast with a button needs its id before it exists, so the button can close it.
    const toastId = id ?? (action ? `toast-action-${++actionToasts}` : undefined);
    const opts = { ...(toastId ? { id: toastId } : {}), duration };
    const content = action && toastId ? createElement(ToastActionMessage, { message, action, close: () => hotToast.dismiss(toastId) }) : message;
    switch (kind) {
      case 'success':
        return hotToast.success(content, opts);
      case 'error':
        return hotToast.error(content, opts);
      case 'loading':
        return hotToast.loading(content, opts);
      default:
        return hotToast(content, { ...opts, icon: ICONS[kind] ?? null });
    }
  },
  dismiss(id) {
    hotToast.dismiss(id);
  },
};

/** The app-wide notifier: notify.success / error / info / warning / loading / dismiss. */
export const notify: Notifier = createNotifier({ backend: hotToastBackend });
