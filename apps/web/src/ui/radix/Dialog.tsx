import * as RadixDialog from '@radix-ui/react-dialog';
import type { CSSProperties } from 'react';
import type { DialogProps } from '../Dialog';
import { cn } from '../cn';
import { useVisualViewport, type VisualViewportBox } from '../useVisualViewport';

type Variant = NonNullable<DialogProps['variant']>;

// `--dialog-pad` is the padding of the dialog's sides, which DialogActions reaches across.
const PLACEMENT: Record<Variant, string> = {
  center: 'top-1/2 left-1/2 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl [--dialog-pad:1.5rem]',
  sheet: 'inset-x-0 bottom-0 max-h-[85dvh] w-full rounded-t-xl border-b-0 pb-[env(safe-area-inset-bottom)] [--dialog-pad:1rem]',
};

/** Room left between a dialog and the edges of what the screen shows. */
const MARGIN_PX = 16;

/**
 * Where the dialog sits when the browser knows the visual viewport (docs/PRODUCT.md#editor): an
 * on-screen keyboard shrinks what is visible without moving the page, so the dialog is sized and
 * placed in what is left above the keyboard, never under it.
 */
function placement(variant: Variant, box: VisualViewportBox | null): CSSProperties | undefined {
  if (!box) return undefined;
  if (variant === 'sheet') return { bottom: box.bottomInset, maxHeight: Math.round(Math.min(box.height * 0.85, box.height - MARGIN_PX)) };
  return { top: box.offsetTop + box.height / 2, maxHeight: Math.round(Math.min(box.height * 0.9, box.height - 2 * MARGIN_PX)) };
}

/** The open dialog's box: a fixed title, a body that scrolls, and the actions (DialogActions) kept in view. */
function DialogBox({
  title,
  description,
  children,
  className,
  variant,
  onCloseAutoFocus,
}: Required<Pick<DialogProps, 'title' | 'variant'>> & Omit<DialogProps, 'title' | 'variant'>) {
  const box = useVisualViewport();
  return (
    <RadixDialog.Content
      onCloseAutoFocus={onCloseAutoFocus}
      className={cn('fixed z-50 flex flex-col overflow-hidden border border-line bg-surface shadow-pop focus:outline-none', PLACEMENT[variant], className)}
      style={placement(variant, box)}
      {...(description ? {} : { 'aria-describedby': undefined })}
    >
      <div className="shrink-0 px-[var(--dialog-pad)] pt-[var(--dialog-pad)]">
        <RadixDialog.Title className="pr-8 font-serif text-xl font-semibold [overflow-wrap:anywhere] text-ink">{title}</RadixDialog.Title>
        {description && <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>}
      </div>
      <div data-dialog-body="" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-[var(--dialog-pad)]">
        <div className="pt-4 pb-[var(--dialog-pad)]">{children}</div>
      </div>
      <RadixDialog.Close
        aria-label="Close"
        className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-cream-deep hover:text-ink"
      >
        <span aria-hidden="true">×</span>
      </RadixDialog.Close>
    </RadixDialog.Content>
  );
}

/**
 * The Radix dialog behind ui/Dialog (loaded when a dialog first opens). A modal dialog: focus trapped, Escape and backdrop close it, titled for screen readers.
 * Its body scrolls when it is taller than the screen; its DialogActions row stays at the bottom,
 * above a phone's keyboard.
 */
export function Dialog({ open, onOpenChange, trigger, variant = 'center', ...box }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-dialog-overlay="" className="fixed inset-0 z-40 bg-ink/40" />
        <DialogBox variant={variant} {...box} />
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding Dialog when its child is activated. */
export const DialogClose = RadixDialog.Close;
