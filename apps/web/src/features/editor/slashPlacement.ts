/**
 * Where the '/' menu's list goes (docs/PRODUCT.md#editor, "The '/' menu"): under the slash when it
 * fits above the on-screen keyboard and the phone's formatting bar, else above the slash; never
 * wider than the screen less a margin.
 */

/** Room kept free around the menu, and under it on a phone for the formatting bar above the keyboard. */
const MARGIN = 8;
const PHONE_BAR = 60;
const MAX_HEIGHT = 320;
const MAX_WIDTH = 320;
/** Under the slash as long as this much room is there (or more than above it). */
const ENOUGH_BELOW = 200;

export interface SlashPlacement {
  left: number;
  width: number;
  /** Set when the list opens downwards from under the slash. */
  top?: number;
  /** Set when it opens upwards: its distance from the window's bottom. */
  bottom?: number;
  maxHeight: number;
}

/**
 * The list's fixed position for the slash at `rect` (window coordinates), the window `size`, and
 * `visible`: the part of the window the screen shows (the visual viewport, less the keyboard).
 */
export function placeSlashMenu({
  rect,
  phone,
  size,
  visible,
}: {
  rect: { top: number; bottom: number; left: number };
  phone: boolean;
  size: { width: number; height: number };
  visible: { top: number; bottom: number };
}): SlashPlacement {
  const width = Math.min(MAX_WIDTH, size.width - 2 * MARGIN);
  const left = Math.max(MARGIN, Math.min(rect.left, size.width - width - MARGIN));
  const below = visible.bottom - (phone ? PHONE_BAR : MARGIN) - rect.bottom - 4;
  const above = rect.top - visible.top - MARGIN - 4;
  if (below >= ENOUGH_BELOW || below >= above) return { left, width, top: rect.bottom + 4, maxHeight: Math.min(MAX_HEIGHT, below) };
  return { left, width, bottom: size.height - rect.top + 4, maxHeight: Math.min(MAX_HEIGHT, above) };
}
