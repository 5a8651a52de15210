import { describe, expect, it } from 'vitest';
import { markdownToDoc } from './markdown';
import { typesIn } from './treeTypes';

describe('Markdown import', () => {
  it('keeps headings, both list kinds, marks and links', () => {
    const doc = markdownToDoc(
      '# Title\n\n## Part\n\nSome **bold**, *italic*, ~~struck~~, <u>under</u> and `code` with [a link](https://bree.example).\n\n' +
        '- first\n- second\n  1. inner\n\n1. one\n2. two\n',
    );
    expect(doc.content?.slice(0, 2)).toMatchObject([
      { type: 'heading', attrs: { level: 1 } },
      { type: 'heading', attrs: { level: 2 } },
    ]);
    const { nodes, marks } = typesIn(doc);
    expect([...nodes]).toEqual(expect.arrayContaining(['bulletList', 'orderedList', 'listItem', 'paragraph']));
    expect([...marks].sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike', 'underline']);
  });

  it('sanitises raw HTML inside Markdown', () => {
    const doc = markdownToDoc('Hello <img src=x onerror="alert(1)"> [x](javascript:alert(1)) <script>alert(1)</script>');
    expect(JSON.stringify(doc)).not.toMatch(/onerror|javascript|script/i);
  });
});
