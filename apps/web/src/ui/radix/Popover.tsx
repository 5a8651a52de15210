import * as RadixPopover from '@radix-ui/react-popover';
import { useMemo } from 'react';
import type { PopoverProps } from '../Popover';
import { cn } from '../cn';

/** A non-modal panel anchored to its trigger or to a virtual anchor (Radix); closes on outside click and Escape. */
export function Popover({
  trigger,
  anchor,
  children,
  open,
  onOpenChange,
  side = 'bottom',
  align = 'end',
  label,
  compact = false,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  defaultOpen,
}: PopoverProps & { defaultOpen?: boolean }) {
  // Radix reads a virtual anchor through a ref object; a new anchor is a new object, so it re-places.
  const anchorRef = useMemo(() => ({ current: anchor ?? null }), [anchor]);
  return (
    <RadixPopover.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {anchor ? <RadixPopover.Anchor virtualRef={anchorRef} /> : <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>}
      <RadixPopover.Portal>
        <RadixPopover.Content
          side={side}
          align={align}
          sideOffset={8}
          collisionPadding={8}
          aria-label={label}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={onEscapeKeyDown}
          className={cn(
            'z-50 max-w-[calc(100vw-1rem)] rounded-lg border border-line bg-surface shadow-pop focus:outline-none',
            compact ? 'w-auto p-1' : 'w-72 p-4',
            className,
          )}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** Closes the surrounding Popover when its child is activated. */
export const PopoverClose = RadixPopover.Close;
