import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './SearchPaletteProvider';
import { nextActiveIndex } from './results';

const key = (over: Partial<Parameters<typeof isSearchShortcut>[0]>) => ({
  key: 'k',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...over,
});

describe('isSearchShortcut', () => {
  it('is Ctrl+K or Cmd+K, not K alone or with Alt', () => {
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('leaves Ctrl+K to the editor when it made a link, while Ctrl+Shift+K still searches', () => {
    expect(isSearchShortcut(key({ ctrlKey: true, defaultPrevented: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true, defaultPrevented: true }))).toBe(true);
  });
});

describe('nextActiveIndex', () => {
  it('wraps at both ends and starts from the right end', () => {
    expect(nextActiveIndex(2, 3, 1)).toBe(0);
    expect(nextActiveIndex(0, 3, -1)).toBe(2);
    expect(nextActiveIndex(-1, 3, -1)).toBe(2);
    expect(nextActiveIndex(-1, 3, 1)).toBe(0);
    expect(nextActiveIndex(0, 0, 1)).toBe(-1);
  });
});
