import { useEffect } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { radixParts, useRadix } from './lazyRadix';
import { useLazyTrigger } from './lazyTrigger';

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

/** A panel pointed at a rectangle: Radix loads when it first opens, and it shows once loaded. */
function AnchoredPopover(props: PopoverProps) {
  const { parts } = useRadix(Boolean(props.open));
  return parts ? <parts.Popover {...props} /> : null;
}

/** A panel opened by its trigger: Radix loads when the trigger is first pointed at, focused or pressed. */
function TriggeredPopover(props: PopoverProps) {
  const { radix, pressed, trigger } = useLazyTrigger(props.trigger, 'click');
  const { open, onOpenChange } = props;
  const loaded = radix.parts !== null;
  // A caller that controls `open` hears of a press made before Radix loaded, once it has.
  useEffect(() => {
    if (loaded && pressed && open === false) onOpenChange?.(true);
    // Only on loading: later presses reach Radix's own trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  if (!radix.parts) return trigger;
  return <radix.parts.Popover {...props} trigger={trigger} defaultOpen={props.open === undefined ? pressed : undefined} />;
}

/**
 * A non-modal panel anchored to its trigger or to a virtual anchor (Radix, ui/radix/Popover.tsx);
 * closes on outside click and Escape. Radix loads on first use (docs/PAGE-WEIGHT.md).
 */
export function Popover(props: PopoverProps) {
  return props.anchor ? <AnchoredPopover {...props} /> : <TriggeredPopover {...props} />;
}

/** Closes the surrounding Popover when its child is activated (only ever inside an open, loaded popover). */
export function PopoverClose(props: ComponentProps<ReturnType<typeof radixParts>['PopoverClose']>) {
  const { PopoverClose: Close } = radixParts();
  return <Close {...props} />;
}
