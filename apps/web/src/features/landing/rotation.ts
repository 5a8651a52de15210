/** How long one testimonial stays before the next (docs/PRODUCT.md#landing: a rotating list). */
export const TESTIMONIAL_ROTATION_MS = 6000;

/** The testimonial after `index` in a list of `count`, wrapping from the last to the first. */
export function nextTestimonial(index: number, count: number): number {
  if (count <= 0) return 0;
  return (index + 1) % count;
}

/** Whether the list should rotate on its own: not while the reader points at it, focuses it, or asks for less motion. */
export function shouldRotate({ hovered, focused, reducedMotion }: { hovered: boolean; focused: boolean; reducedMotion: boolean }): boolean {
  return !hovered && !focused && !reducedMotion;
}
