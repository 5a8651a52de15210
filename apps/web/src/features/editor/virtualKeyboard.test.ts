import { describe, expect, it } from 'vitest';
import { keyboardState } from './virtualKeyboard';

describe('keyboard-aware layout', () => {
  it('calls the keyboard open only past 150 px', () => {
    expect(keyboardState({ innerHeight: 800, viewportHeight: 700, offsetTop: 0 })).toEqual({ open: false, inset: 0 });
    expect(keyboardState({ innerHeight: 800, viewportHeight: 650, offsetTop: 0 })).toEqual({ open: false, inset: 0 });
    expect(keyboardState({ innerHeight: 800, viewportHeight: 480, offsetTop: 0 })).toEqual({ open: true, inset: 320 });
  });

  it('subtracts how far the visual viewport has scrolled', () => {
    expect(keyboardState({ innerHeight: 800, viewportHeight: 480, offsetTop: 40 })).toEqual({ open: true, inset: 280 });
  });
});
