import type { ToastAction } from './toast';

/**
 * A toast's text with its button (e.g. 'File deleted' · Undo). A real button: reachable with Tab,
 * announced with the toast; it runs the action once and closes the toast.
 */
export function ToastActionMessage({ message, action, close }: { message: string; action: ToastAction; close: () => void }) {
  return (
    <span className="flex items-center gap-3">
      <span>{message}</span>
      <button
        type="button"
        aria-label={action.ariaLabel}
        onClick={(event) => {
          // The toast itself closes on click; the action must run once, before it goes.
          event.stopPropagation();
          close();
          action.run();
        }}
        className="shrink-0 rounded-md px-2 py-1 text-sm font-semibold text-accent-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent"
      >
        {action.label}
      </button>
    </span>
  );
}
