/**
 * Every keyboard shortcut of the editor, in one table: the toolbar's tooltips, the text-style
 * menu and the Ctrl+/ list all read it, and the editor's own key bindings are named from it, so
 * what Bree says a key does and what the key does cannot drift apart (docs/PRODUCT.md#editor).
 */

/** A key combination: modifiers, then one key. 'Mod' is ⌘ on a Mac and Ctrl elsewhere. */
export interface KeyCombo {
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
  /** The key as KeyboardEvent.key names it (lower case for letters): 'b', '/', 'Enter', 'F10'. */
  key: string;
}

export type ShortcutGroup = 'Text' | 'Editing' | 'Assistant' | 'Anywhere';

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = ['Text', 'Editing', 'Assistant', 'Anywhere'];

export interface Shortcut {
  /** What the keys do, as the list shows it (and the tooltip of its toolbar button). */
  label: string;
  group: ShortcutGroup;
  keys: KeyCombo;
  /** A second combination that does the same (shown after the first). */
  alternative?: KeyCombo;
}

const heading = (level: number): Shortcut => ({ label: `Heading ${level}`, group: 'Text', keys: { mod: true, alt: true, key: String(level) } });

/** The table. Text keys are TipTap's own (packages/editor's StarterKit), the rest are Bree's. */
export const SHORTCUTS = {
  bold: { label: 'Bold', group: 'Text', keys: { mod: true, key: 'b' } },
  italic: { label: 'Italic', group: 'Text', keys: { mod: true, key: 'i' } },
  underline: { label: 'Underline', group: 'Text', keys: { mod: true, key: 'u' } },
  strike: { label: 'Strikethrough', group: 'Text', keys: { mod: true, shift: true, key: 's' } },
  code: { label: 'Code', group: 'Text', keys: { mod: true, key: 'e' } },
  link: { label: 'Link', group: 'Text', keys: { mod: true, key: 'k' } },
  // The same keys as the assistant's actions: with the caret in a link and nothing selected, they reach its panel.
  linkPanel: { label: 'Open, edit or remove the link at the caret', group: 'Text', keys: { alt: true, key: 'F10' } },
  bulletList: { label: 'Bullet list', group: 'Text', keys: { mod: true, shift: true, key: '8' } },
  orderedList: { label: 'Ordered list', group: 'Text', keys: { mod: true, shift: true, key: '7' } },
  taskList: { label: 'Checklist', group: 'Text', keys: { mod: true, shift: true, key: '9' } },
  // Bree's: ticks the checklist item at the caret (Space on a focused checkbox does too; docs/PRODUCT.md#editor).
  toggleTask: { label: 'Tick or untick a checklist item', group: 'Text', keys: { mod: true, shift: true, key: 'Enter' } },
  blockquote: { label: 'Quote', group: 'Text', keys: { mod: true, shift: true, key: 'b' } },
  paragraph: { label: 'Normal text', group: 'Text', keys: { mod: true, alt: true, key: '0' } },
  heading1: heading(1),
  heading2: heading(2),
  heading3: heading(3),
  heading4: heading(4),
  heading5: heading(5),
  heading6: heading(6),
  lineBreak: { label: 'Line break', group: 'Text', keys: { shift: true, key: 'Enter' } },
  // The table's keys (tables/tableEditing.ts): Tab in the last cell adds a row (docs/PRODUCT.md#editor "Tables").
  nextCell: { label: 'Next table cell (a new row after the last)', group: 'Text', keys: { key: 'Tab' } },
  previousCell: { label: 'Previous table cell', group: 'Text', keys: { shift: true, key: 'Tab' } },
  undo: { label: 'Undo', group: 'Editing', keys: { mod: true, key: 'z' } },
  redo: { label: 'Redo', group: 'Editing', keys: { mod: true, shift: true, key: 'z' }, alternative: { mod: true, key: 'y' } },
  find: { label: 'Find and replace', group: 'Editing', keys: { mod: true, key: 'f' } },
  // The selection's blocks, else the whole document (docs/CHECKS.md "The Checks panel").
  checkDraft: { label: 'Check my draft', group: 'Editing', keys: { mod: true, alt: true, key: 'c' } },
  // Typed, not pressed: a slash on an empty line or after a space opens the '/' menu (docs/PRODUCT.md#editor).
  slashMenu: { label: 'Insert block or ask AI', group: 'Editing', keys: { key: '/' } },
  // Space on an empty line opens it too (docs/ASSISTANT.md "Ask AI").
  askAi: { label: 'Ask AI at the cursor', group: 'Assistant', keys: { mod: true, key: 'j' } },
  selectionActions: { label: 'Assistant actions on the selection', group: 'Assistant', keys: { alt: true, key: 'F10' } },
  acceptSuggestion: { label: 'Accept a suggestion', group: 'Assistant', keys: { mod: true, key: 'Enter' } },
  rejectSuggestion: { label: 'Reject a suggestion', group: 'Assistant', keys: { key: 'Escape' } },
  // While a rewrite is reviewed change by change (docs/ASSISTANT.md "Reviewing a rewrite").
  nextChange: { label: 'Next change in a reviewed suggestion', group: 'Assistant', keys: { alt: true, key: ']' } },
  previousChange: { label: 'Previous change in a reviewed suggestion', group: 'Assistant', keys: { alt: true, key: '[' } },
  acceptChange: { label: 'Accept the current change', group: 'Assistant', keys: { alt: true, key: 'Enter' } },
  rejectChange: { label: 'Reject the current change', group: 'Assistant', keys: { alt: true, shift: true, key: 'Enter' } },
  // Ctrl/Cmd+K opens search too, except in the text, where it is the link (docs/SEARCH.md).
  search: { label: 'Search documents', group: 'Anywhere', keys: { mod: true, shift: true, key: 'k' } },
  shortcuts: { label: 'Keyboard shortcuts', group: 'Anywhere', keys: { mod: true, key: '/' } },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** Whether this browser runs on an Apple system, where Mod is ⌘ (as ProseMirror decides it). */
export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

const KEY_NAMES: Record<string, string> = { Enter: 'Enter', Escape: 'Esc' };

function keyLabel(key: string): string {
  return KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/** How a combination is written: 'Ctrl+Shift+S' elsewhere, '⌘⇧S' on a Mac. */
export function formatKeys({ keys, mac = IS_MAC }: { keys: KeyCombo; mac?: boolean }): string {
  const key = keyLabel(keys.key);
  if (mac) return `${keys.mod ? '⌘' : ''}${keys.alt ? '⌥' : ''}${keys.shift ? '⇧' : ''}${key}`;
  return [keys.mod && 'Ctrl', keys.alt && 'Alt', keys.shift && 'Shift', key].filter(Boolean).join('+');
}

/** The combination as aria-keyshortcuts spells it: 'Control+B', 'Meta+Shift+S'. */
export function ariaKeys({ keys, mac = IS_MAC }: { keys: KeyCombo; mac?: boolean }): string {
  return [keys.mod && (mac ? 'Meta' : 'Control'), keys.alt && 'Alt', keys.shift && 'Shift', keys.key.length === 1 ? keys.key.toUpperCase() : keys.key]
    .filter(Boolean)
    .join('+');
}

/** The combination as a TipTap keymap names it: 'Mod-Shift-s'. */
export function tiptapKeys(keys: KeyCombo): string {
  return [keys.mod && 'Mod', keys.alt && 'Alt', keys.shift && 'Shift', keys.key].filter(Boolean).join('-');
}

/** A toolbar tooltip: 'Bold (Ctrl+B)', or 'Bold (⌘B)' on a Mac. */
export function tooltipFor({ id, mac = IS_MAC }: { id: ShortcutId; mac?: boolean }): string {
  const s: Shortcut = SHORTCUTS[id];
  return `${s.label} (${formatKeys({ keys: s.keys, mac })})`;
}

/** Whether a key event is this combination (either Ctrl or ⌘ counts as Mod, so an external keyboard works too). */
export function matchesKeys({ event, keys }: { event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>; keys: KeyCombo }): boolean {
  const mod = event.ctrlKey || event.metaKey;
  if (Boolean(keys.mod) !== mod || Boolean(keys.alt) !== event.altKey) return false;
  // '/' is a shifted key on many layouts (Shift+7 in German): Shift is not asked for, so it is not checked.
  if (keys.key !== '/' && Boolean(keys.shift) !== event.shiftKey) return false;
  return event.key.toLowerCase() === keys.key.toLowerCase();
}
