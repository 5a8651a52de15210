import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface PopoverProps {
  trigger: ReactNode;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  /** Accessible name of the popover panel. */
  label?: string;
  className?: string;
}

/** A non-modal panel anchored to its trigger (Radix); closes on outside click and Escape. */
export function Popover({ trigger, children, open, onOpenChange, align = 'end', label, className }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align={align}
          sideOffset={8}
          aria-label={label}
          className={cn('z-50 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-line bg-surface p-4 shadow-pop focus:outline-none', className)}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** Closes the surrounding Popover when its child is activated. */
export const PopoverClose = RadixPopover.Close;
