import { describe, expect, it } from 'vitest';
import { EMPTY_NAME_MESSAGE, LONG_NAME_MESSAGE, SLASH_NAME_MESSAGE, titleProblem } from './DocumentTitle';

describe('a name typed into the title', () => {
  it('is refused when blank, with the same words as the paste dialog', () => {
    expect(titleProblem('')).toBe(EMPTY_NAME_MESSAGE);
    expect(titleProblem('   ')).toBe(EMPTY_NAME_MESSAGE);
    expect(EMPTY_NAME_MESSAGE).toBe('Please enter a document name');
  });

  it('is refused with a slash, which would move the document into a folder', () => {
    expect(titleProblem('Q1/Q2')).toBe(SLASH_NAME_MESSAGE);
    expect(titleProblem('a\\b')).toBe(SLASH_NAME_MESSAGE);
  });

  it('is accepted otherwise, surrounding spaces included (they are trimmed)', () => {
    expect(titleProblem('  Spring essay ')).toBeNull();
    expect(titleProblem('Why write? A: notes')).toBeNull();
  });

  it('is refused when only invisible characters are left, or when it is over 251 characters (255 with .txt) after cleaning', () => {
    expect(titleProblem('\u200B\u202E\uFEFF')).toBe(EMPTY_NAME_MESSAGE);
    expect(LONG_NAME_MESSAGE).toBe('A document name can be at most 251 characters');
    expect(titleProblem('a'.repeat(251))).toBeNull();
    expect(titleProblem('a'.repeat(252))).toBe(LONG_NAME_MESSAGE);
    // Hidden characters do not count; decomposed accents count once.
    expect(titleProblem(`${'a'.repeat(251)}\u200B\u202E`)).toBeNull();
    expect(titleProblem('e\u0301'.repeat(251))).toBeNull();
  });
});
