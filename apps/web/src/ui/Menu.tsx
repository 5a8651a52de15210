import type { ReactNode } from 'react';
import { radixParts } from './lazyRadix';
import { useLazyTrigger } from './lazyTrigger';

export interface MenuProps {
  /** The button that opens the menu; must be a single focusable element. */
  trigger: ReactNode;
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Accessible name of the menu list. */
  label?: string;
}

/**
 * A dropdown menu (Radix, ui/radix/Menu.tsx): arrow-key navigation, typeahead, Escape and an
 * outside click close it. Radix loads when a menu's trigger is first pointed at, focused or
 * pressed; a press before then opens the menu once it has loaded (docs/PAGE-WEIGHT.md).
 */
export function Menu(props: MenuProps) {
  const { radix, pressed, trigger } = useLazyTrigger(props.trigger, 'pointerdown');
  if (!radix.parts) return trigger;
  return <radix.parts.Menu {...props} trigger={trigger} defaultOpen={pressed} />;
}

export interface MenuItemProps {
  children: ReactNode;
  onSelect?: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}

/** One item (role=menuitem) of a Menu. */
export function MenuItem(props: MenuItemProps) {
  const { MenuItem: Item } = radixParts();
  return <Item {...props} />;
}

/** A thin divider between groups of menu items. */
export function MenuSeparator() {
  const { MenuSeparator: Separator } = radixParts();
  return <Separator />;
}

export interface MenuRadioGroupProps {
  /** The checked item's value. */
  value: string;
  onValueChange(value: string): void;
  children: ReactNode;
}

/** A set of mutually exclusive items (role=menuitemradio); the checked one shows a check mark. */
export function MenuRadioGroup(props: MenuRadioGroupProps) {
  const { MenuRadioGroup: Group } = radixParts();
  return <Group {...props} />;
}

export interface MenuRadioItemProps {
  value: string;
  children: ReactNode;
  disabled?: boolean;
  /** Shortcut shown at the end of the item (announced through aria-keyshortcuts, not as text). */
  shortcut?: { label: string; aria: string };
}

/** One choice of a MenuRadioGroup. */
export function MenuRadioItem(props: MenuRadioItemProps) {
  const { MenuRadioItem: Item } = radixParts();
  return <Item {...props} />;
}
