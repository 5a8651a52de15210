import { describe, expect, it } from 'vitest';
import { documentStats } from './stats';
import { relativeTime, saveLabel } from './saveStatus';

describe('documents panel counts', () => {
  it('counts words on whitespace, reading minutes at 200 and pages at 500 words, rounded up', () => {
    expect(documentStats('')).toEqual({ words: 0, characters: 0, minRead: 0, pages: 0 });
    expect(documentStats('one two\nthree')).toEqual({ words: 3, characters: 13, minRead: 1, pages: 1 });
    const text = Array.from({ length: 501 }, () => 'w').join(' ');
    expect(documentStats(text)).toMatchObject({ words: 501, minRead: 3, pages: 2 });
  });
});

describe('save status label', () => {
  it('uses the exact labels of docs/PRODUCT.md#editor', () => {
    expect(saveLabel({ status: 'saving', savedAt: null, dirty: true }, 0)).toBe('Saving…');
    expect(saveLabel({ status: 'unsaved', savedAt: null, dirty: true }, 0)).toBe('Not saved');
    expect(saveLabel({ status: 'error', savedAt: null, dirty: true }, 0)).toBe('Error saving');
    expect(saveLabel({ status: 'saved', savedAt: 1000, dirty: false }, 5000)).toBe('Saved just now');
    expect(relativeTime(0, 3 * 60_000)).toBe('3 minutes ago');
  });
});
