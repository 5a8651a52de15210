/**
 * The browser's offer to install Bree as an app (`beforeinstallprompt`, Chromium browsers). It can
 * fire before React has mounted, so it is caught from start-up and kept here; the profile menu
 * offers it once: after the writer has answered the browser's dialog, Bree does not ask again.
 */
/** The browser's BeforeInstallPromptEvent (not in the DOM typings); its `prompt()` shows the install dialog. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** localStorage key: the writer has answered the install dialog (either way); stored under its first name. */
export const INSTALL_ANSWERED_KEY = 'installPromptAnswered';

type Listener = () => void;

/** Creates the store of the deferred install offer for one window (tests pass their own). */
export function createInstallOffer(win: Window = window) {
  let deferred: InstallPromptEvent | null = null;
  const listeners = new Set<Listener>();
  const changed = () => listeners.forEach((l) => l());
  const answered = () => win.localStorage.getItem(INSTALL_ANSWERED_KEY) !== null;

  win.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-bar away: Bree offers it from the profile menu instead.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  win.addEventListener('appinstalled', () => {
    deferred = null;
    win.localStorage.setItem(INSTALL_ANSWERED_KEY, 'accepted');
    changed();
  });

  return {
    /** Whether the menu should offer 'Install app' now. */
    available: () => deferred !== null && !answered(),
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Shows the browser's install dialog and remembers the answer. */
    async install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
      const event = deferred;
      if (!event) return 'unavailable';
      deferred = null;
      await event.prompt();
      const { outcome } = await event.userChoice;
      win.localStorage.setItem(INSTALL_ANSWERED_KEY, outcome);
      changed();
      return outcome;
    },
  };
}

export type InstallOffer = ReturnType<typeof createInstallOffer>;

let shared: InstallOffer | null = null;

/** The app's one install offer; main.tsx calls it at start-up so an early event is not missed. */
export function installOffer(): InstallOffer {
  return (shared ??= createInstallOffer());
}
