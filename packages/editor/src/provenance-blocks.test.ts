import { describe, expect, it } from 'vitest';
import { authorshipOf, authorshipOfNode, validateDoc, type DocJSON } from './index';

/** The authorship share counts the writer's words only: an image (its alt text too), code and a rule add nothing; a table's cells are text. */
const ai = { type: 'aiProvenance', attrs: { operationId: 'op-1', action: 'enhance', tier: 'fast', at: '2026-11-28T04:00:00.000Z' } };
const para = (text: string, marks?: DocJSON['marks']): DocJSON => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });
const cell = (text: string, marks?: DocJSON['marks']): DocJSON => ({ type: 'tableCell', content: [para(text, marks)] });

describe('authorship around images, tables and code', () => {
  it('counts the text of table cells, AI-written or not, and nothing of an image, code or a rule', () => {
    const doc: DocJSON = {
      type: 'doc',
      content: [
        para('abc'),
        { type: 'image', attrs: { src: '/api/images/01JD5Z8X4KQ3M2N7P9R0S1T2V3', alt: 'a long alt text', caption: 'caption words' } },
        { type: 'codeBlock', content: [{ type: 'text', text: 'const x = 1;' }] },
        { type: 'horizontalRule' },
        { type: 'table', content: [{ type: 'tableRow', content: [cell('de'), cell('fgh', [ai])] }] },
      ],
    };
    expect(authorshipOf(doc)).toEqual({ textChars: 8, aiChars: 3 });
    expect(authorshipOfNode(validateDoc(doc))).toEqual({ textChars: 8, aiChars: 3 });
  });
});
