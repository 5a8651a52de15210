// The Radix parts behind ui/Dialog, ui/Menu and ui/Popover: one chunk, loaded when the first of
// them is used (docs/PAGE-WEIGHT.md), so the editor's first load carries none of Radix.
export { Dialog, DialogClose } from './Dialog';
export { Menu, MenuItem, MenuRadioGroup, MenuRadioItem, MenuSeparator } from './Menu';
export { Popover, PopoverClose } from './Popover';
