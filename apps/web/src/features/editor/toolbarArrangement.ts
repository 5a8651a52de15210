/**
 * Which formatting buttons the phone's bar shows and which go into its 'More' sheet
 * (docs/PRODUCT.md#editor, "Phone toolbar"). The desktop row shows every button.
 */

/** The buttons the arrangement places; Dictate, Assistant and Chat are always in the bar. */
export type ToolbarItemId =
  | 'textStyle'
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'code'
  | 'link'
  | 'bulletList'
  | 'orderedList'
  | 'taskList'
  | 'blockquote'
  | 'image'
  | 'table'
  | 'insert'
  | 'find'
  | 'checks'
  | 'undo'
  | 'redo'
  | 'shortcuts';

/** The order on screen, in the bar and in the sheet alike (the desktop row's order). */
export const TOOLBAR_ORDER: readonly ToolbarItemId[] = [
  'textStyle',
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'link',
  'bulletList',
  'orderedList',
  'taskList',
  'blockquote',
  'image',
  'table',
  'insert',
  'find',
  'checks',
  'undo',
  'redo',
  'shortcuts',
];

/**
 * What a writer on a phone reaches for first, most used first: bold and italic (the marks of
 * everyday prose), a link, a list, the text style; undo and redo are also in the phone's header,
 * so the bar gives their room to formatting. Strikethrough and code are rare in prose. 'Insert
 * block or ask AI' (the '/' menu) comes next to them, and is in 'More' where the bar is full. 'Check my
 * draft' is also in the document actions sheet's Checks tab, so it waits in 'More'. The
 * list of keyboard shortcuts matters only with a keyboard attached: last. A checklist and a quote
 * are rarer than a list: after the lists (the '/' menu and their Markdown shortcuts reach them too), and an
 * image after them (the '/' menu, a paste and a drop add one too).
 */
export const PHONE_PRIORITY: readonly ToolbarItemId[] = [
  'bold',
  'italic',
  'link',
  'insert',
  'bulletList',
  'textStyle',
  'underline',
  'orderedList',
  'taskList',
  'blockquote',
  'image',
  'table',
  'find',
  'undo',
  'redo',
  'strike',
  'code',
  'checks',
  'shortcuts',
];

/** Room each takes in the phone's bar, with the gap after it: buttons are 44 px touch targets. */
const TARGET = 44;
const GAP = 2;
const ITEM_WIDTH: Record<ToolbarItemId, number> = {
  // The 128 px menu and the divider after it.
  textStyle: 128 + 9 + GAP,
  bold: TARGET + GAP,
  italic: TARGET + GAP,
  underline: TARGET + GAP,
  strike: TARGET + GAP,
  code: TARGET + GAP,
  link: TARGET + GAP,
  bulletList: TARGET + GAP,
  orderedList: TARGET + GAP,
  taskList: TARGET + GAP,
  blockquote: TARGET + GAP,
  image: TARGET + GAP,
  table: TARGET + GAP,
  insert: TARGET + GAP,
  find: TARGET + GAP,
  checks: TARGET + GAP,
  undo: TARGET + GAP,
  redo: TARGET + GAP,
  shortcuts: TARGET + GAP,
};

/**
 * The bar's fixed parts: its side padding (16), Dictate (44), '✦ Assistant' (at most 104 in any
 * system font), Chat (44), 'More' (44), their gaps, and a margin for wider fonts.
 */
export const PHONE_FIXED_WIDTH = 16 + TARGET + GAP + 104 + GAP + TARGET + GAP + TARGET + 8;

export interface Arrangement {
  /** In the bar, in TOOLBAR_ORDER. */
  visible: ToolbarItemId[];
  /** In the 'More' sheet, in TOOLBAR_ORDER; empty when everything fits (then there is no 'More'). */
  more: ToolbarItemId[];
}

/** The phone's bar at `width` px: the most used buttons that fit, in priority order; the rest in 'More'. */
export function arrangeToolbar({ width }: { width: number }): Arrangement {
  const everything = TOOLBAR_ORDER.reduce((sum, id) => sum + ITEM_WIDTH[id], 0);
  // Everything fits without a 'More' button: no sheet at all.
  if (width >= everything + PHONE_FIXED_WIDTH - TARGET) return { visible: [...TOOLBAR_ORDER], more: [] };
  let room = width - PHONE_FIXED_WIDTH;
  const shown = new Set<ToolbarItemId>();
  for (const id of PHONE_PRIORITY) {
    // A wide button that does not fit leaves its room to the narrower ones after it.
    if (ITEM_WIDTH[id] > room) continue;
    shown.add(id);
    room -= ITEM_WIDTH[id];
  }
  return { visible: TOOLBAR_ORDER.filter((id) => shown.has(id)), more: TOOLBAR_ORDER.filter((id) => !shown.has(id)) };
}
