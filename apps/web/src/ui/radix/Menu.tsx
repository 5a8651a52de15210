import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import type { MenuItemProps, MenuProps, MenuRadioGroupProps, MenuRadioItemProps } from '../Menu';
import { cn } from '../cn';

/**
 * A dropdown menu (Radix): arrow-key navigation, typeahead, Escape and an outside click close it.
 * Not modal: a modal Radix menu hides the rest of the page with aria-hidden while its controls
 * stay focusable, which screen readers cannot follow.
 */
export function Menu({ trigger, children, align = 'end', label, defaultOpen = false }: MenuProps & { defaultOpen?: boolean }) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <RadixMenu.Root modal={false} defaultOpen={defaultOpen}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={6}
          aria-label={label}
          className="z-50 min-w-44 rounded-lg border border-line bg-surface p-1 shadow-pop"
          ref={contentRef}
          onCloseAutoFocus={(event) => {
            // An item that opened a dialog (Rename) already moved focus there: don't pull it back to
            // the trigger. Focus still in the menu, or lost to the body, returns to the trigger as usual.
            const active = document.activeElement;
            if (active && active !== document.body && !contentRef.current?.contains(active)) event.preventDefault();
          }}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

/** One item (role=menuitem) of a Menu. */
export function MenuItem({ children, onSelect, disabled, tone = 'default' }: MenuItemProps) {
  return (
    <RadixMenu.Item
      disabled={disabled}
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none',
        'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-cream-deep',
        tone === 'danger' ? 'text-danger' : 'text-ink',
      )}
    >
      {children}
    </RadixMenu.Item>
  );
}

/** A thin divider between groups of menu items. */
export function MenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-line" />;
}

/** A set of mutually exclusive items (role=menuitemradio); the checked one shows a check mark. */
export function MenuRadioGroup({ value, onValueChange, children }: MenuRadioGroupProps) {
  return (
    <RadixMenu.RadioGroup value={value} onValueChange={onValueChange}>
      {children}
    </RadixMenu.RadioGroup>
  );
}

/** One choice of a MenuRadioGroup. */
export function MenuRadioItem({ value, children, disabled, shortcut }: MenuRadioItemProps) {
  return (
    <RadixMenu.RadioItem
      value={value}
      disabled={disabled}
      aria-keyshortcuts={shortcut?.aria}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md py-1.5 pr-3 pl-8 text-sm text-ink outline-none select-none relative',
        'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-cream-deep',
      )}
    >
      <RadixMenu.ItemIndicator className="absolute left-2.5 text-accent" aria-hidden="true">
        ✓
      </RadixMenu.ItemIndicator>
      <span className="min-w-0 flex-1">{children}</span>
      {shortcut && (
        <span className="ml-4 text-xs text-muted" aria-hidden="true">
          {shortcut.label}
        </span>
      )}
    </RadixMenu.RadioItem>
  );
}
