import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { radixParts, useRadix } from './lazyRadix';
import { Spinner } from './Spinner';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Element that opens the dialog (rendered through Radix's Trigger). */
  trigger?: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
  className?: string;
  /** 'sheet': a full-width panel rising from the bottom of the screen (the phone layout's sheets). */
  variant?: 'center' | 'sheet';
  /** Where focus goes on closing (Radix's onCloseAutoFocus): preventDefault keeps it where the caller puts it. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A modal dialog (Radix, ui/radix/Dialog.tsx): focus trapped, Escape and backdrop close it, titled
 * for screen readers; its body scrolls and its DialogActions row stays in view. Radix loads when
 * the first dialog opens (or one with a trigger shows); until then an opening dialog shows a
 * spinner over the page, so the editor's first load carries none of it (docs/PAGE-WEIGHT.md).
 */
export function Dialog(props: DialogProps) {
  const { open, trigger } = props;
  // Once opened, the Radix dialog stays mounted so closing (focus back, exit) is Radix's own.
  const [used, setUsed] = useState(Boolean(open));
  if (open && !used) setUsed(true);
  const { parts, failed } = useRadix(used || Boolean(trigger));
  if (parts) return <parts.Dialog {...props} />;
  if (!open) return trigger ?? null;
  return (
    <div data-dialog-overlay="" className="fixed inset-0 z-40 flex items-center justify-center bg-ink/40">
      {failed ? (
        <p role="alert" className="rounded-lg bg-surface p-4 text-sm text-ink shadow-pop">
          {props.title} could not load. Check your connection and try again.
        </p>
      ) : (
        <Spinner label={`Loading ${props.title}`} size="lg" className="rounded-full bg-surface p-3 shadow-pop" />
      )}
    </div>
  );
}

/**
 * A dialog's row of actions (Cancel, Create…), last in its body: it sticks to the bottom of the
 * dialog while the fields above it scroll, so the actions are always on screen.
 */
export function DialogActions({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      data-dialog-actions=""
      className={cn(
        'sticky bottom-0 z-10 -mx-[var(--dialog-pad)] mt-2 flex flex-wrap items-center justify-end gap-2 border-t border-line bg-surface px-[var(--dialog-pad)] py-3',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Closes the surrounding Dialog when its child is activated (only ever inside an open, loaded dialog). */
export function DialogClose(props: ComponentProps<ReturnType<typeof radixParts>['DialogClose']>) {
  const { DialogClose: Close } = radixParts();
  return <Close {...props} />;
}
