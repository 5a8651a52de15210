import { describe, expect, it } from 'vitest';
import { presentHeadline } from './search.presenter';
import { MARK_END, MARK_START, splitForPrefix } from './search.text';

describe('splitForPrefix', () => {
  it('takes the last plain word as the prefix being typed', () => {
    expect(splitForPrefix('harb')).toEqual({ head: '', prefix: 'harb' });
    expect(splitForPrefix('  boats   harb ')).toEqual({ head: 'boats', prefix: 'harb' });
    expect(splitForPrefix('"old port" café')).toEqual({ head: '"old port"', prefix: 'café' });
  });

  it('keeps the query whole when the last word is not being typed as a plain word', () => {
    for (const query of ['boats -harb', '"old harb"', '"unclosed harb', 'cat or', 'cat or dog', 'harbour.', 'a:*', 'x (']) {
      expect(splitForPrefix(query), query).toEqual({ head: query.trim(), prefix: null });
    }
  });
});

describe('presentHeadline', () => {
  it('turns the markers into ranges of the plain text, counted in UTF-16 units', () => {
    const passage = presentHeadline(`🙂 the ${MARK_START}Café${MARK_END} and ${MARK_START}cafe${MARK_END}`, 12);
    expect(passage).toEqual({
      text: '🙂 the Café and cafe',
      highlights: [
        [7, 11],
        [16, 20],
      ],
      offset: 12,
    });
    expect(passage.text.slice(7, 11)).toBe('Café');
  });

  it('ignores empty or unbalanced markers', () => {
    expect(presentHeadline(`a ${MARK_START}${MARK_END}b ${MARK_END}c`, null)).toEqual({ text: 'a b c', highlights: [], offset: null });
  });
});
