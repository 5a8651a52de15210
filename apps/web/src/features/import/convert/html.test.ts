import { describe, expect, it } from 'vitest';
import { isImportError } from './errors';
import { htmlToDoc } from './html';
import { typesIn } from './treeTypes';

describe('HTML import', () => {
  it('turns headings, lists, breaks, marks and links into the document tree', () => {
    const doc = htmlToDoc(
      '<h2>Title</h2><p>A <strong>bold</strong>, <em>italic</em>, <u>under</u>, <s>gone</s> and <code>x</code> ' +
        '<a href="https://bree.example/">link</a>.<br>Next line</p><ul><li>one</li><li>two<ol><li>nested</li></ol></li></ul>',
    );
    const [heading, paragraph, list] = doc.content ?? [];
    expect(heading).toMatchObject({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] });
    expect(paragraph?.type).toBe('paragraph');
    expect(list?.type).toBe('bulletList');
    const { nodes, marks } = typesIn(doc);
    expect([...nodes]).toEqual(expect.arrayContaining(['hardBreak', 'orderedList', 'listItem']));
    expect([...marks].sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike', 'underline']);
    const link = paragraph?.content?.find((n) => n.marks?.some((m) => m.type === 'link'));
    expect(link?.marks?.find((m) => m.type === 'link')?.attrs?.href).toBe('https://bree.example/');
  });

  it('reads a whole HTML page: its title and styles are not text', () => {
    const doc = htmlToDoc('<!doctype html><html><head><title>Tab title</title><style>p{}</style></head><body><p>Body</p></body></html>');
    expect(doc).toMatchObject({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Body' }] }] });
  });

  it('stores nothing executable from a hostile page', () => {
    const doc = htmlToDoc('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><img src=x onerror=alert(1)></p><script>alert(1)</script>');
    const json = JSON.stringify(doc);
    expect(json).not.toMatch(/javascript|onclick|onerror|script|img/i);
    expect(typesIn(doc).marks.has('link')).toBe(false);
  });

  it('drops the underline Word puts on every link, when asked', () => {
    const doc = htmlToDoc('<p><a href="https://x.example"><u>site</u></a> and <u>real</u></p>', { unwrapLinkUnderline: true });
    const texts = doc.content?.[0]?.content ?? [];
    expect(texts[0]?.marks?.map((m) => m.type)).toEqual(['link']);
    expect(texts[2]?.marks?.map((m) => m.type)).toEqual(['underline']);
  });

  it('refuses a file with no readable text', () => {
    let caught: unknown;
    try {
      htmlToDoc('<script>alert(1)</script><p>   </p>');
    } catch (error) {
      caught = error;
    }
    expect(isImportError(caught) && caught.problem).toBe('empty');
  });
});
