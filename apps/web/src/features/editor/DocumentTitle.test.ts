import { describe, expect, it } from 'vitest';
import { EMPTY_NAME_MESSAGE, SLASH_NAME_MESSAGE, titleProblem } from './DocumentTitle';

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
});
