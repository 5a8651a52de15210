import { describe, expect, it } from 'vitest';
import { TESTIMONIALS } from './content';
import { nextTestimonial, shouldRotate } from './rotation';

describe('testimonial rotation', () => {
  it('moves through the four testimonials and wraps to the first', () => {
    expect(TESTIMONIALS).toHaveLength(4);
    const order = [0];
    for (let i = 0; i < 4; i++) order.push(nextTestimonial(order.at(-1)!, TESTIMONIALS.length));
    expect(order).toEqual([0, 1, 2, 3, 0]);
  });

  it('stays put with an empty list', () => {
    expect(nextTestimonial(0, 0)).toBe(0);
  });

  it('pauses while the reader points at or focuses the quotes, and for reduced motion', () => {
    expect(shouldRotate({ hovered: false, focused: false, reducedMotion: false })).toBe(true);
    expect(shouldRotate({ hovered: true, focused: false, reducedMotion: false })).toBe(false);
    expect(shouldRotate({ hovered: false, focused: true, reducedMotion: false })).toBe(false);
    expect(shouldRotate({ hovered: false, focused: false, reducedMotion: true })).toBe(false);
  });
});
