import * as RadixPopover from '@radix-ui/react-popover';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { cn } from './cn';

/** A place on screen to point at that is not an element (a text selection): read each time the panel is placed. */
export interface VirtualAnchor {
  getBoundingClientRect(): DOMRect;
  /** The element whose scrolling moves the anchor, so the panel follows it. */
  contextElement?: Element;
}

export interface PopoverProps {
  /** The element that opens the panel; or give `anchor` for a panel opened from elsewhere. */
  trigger?: ReactNode;
  /** Points the panel at a rectangle instead of a trigger (open is then controlled by the caller). */
  anchor?: VirtualAnchor;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'bottom';
  align?: 'start' | 'center' | 'end';
  /** Accessible name of the popover panel. */
  label?: string;
  /** A small bar (auto width, little padding) instead of the default panel. */
  compact?: boolean;
  className?: string;
  /** Called before focus moves into the panel; preventDefault() keeps it where it is. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Called before focus goes back to the trigger; preventDefault() leaves it to the caller. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Called when Escape closes the panel (before onOpenChange). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
}

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
}: PopoverProps) {
  // Radix reads a virtual anchor through a ref object; a new anchor is a new object, so it re-places.
  const anchorRef = useMemo(() => ({ current: anchor ?? null }), [anchor]);
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
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
