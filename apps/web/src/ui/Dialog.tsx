import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { cn } from './cn';

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
}

const PLACEMENT = {
  center: 'top-1/2 left-1/2 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl p-6',
  sheet: 'inset-x-0 bottom-0 max-h-[85dvh] w-full rounded-t-xl border-b-0 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]',
};

/** A modal dialog (Radix): focus trapped, Escape and backdrop close it, titled for screen readers. */
export function Dialog({ open, onOpenChange, trigger, title, description, children, className, variant = 'center' }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-dialog-overlay="" className="fixed inset-0 z-40 bg-ink/40" />
        <RadixDialog.Content
          className={cn('fixed z-50 overflow-y-auto border border-line bg-surface shadow-pop focus:outline-none', PLACEMENT[variant], className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="pr-8 font-serif text-xl font-semibold [overflow-wrap:anywhere] text-ink">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-cream-deep hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding Dialog when its child is activated. */
export const DialogClose = RadixDialog.Close;
