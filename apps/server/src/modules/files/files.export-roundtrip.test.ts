import { breeExtensions, fromText, toPlainText, type DocJSON } from '@bree/editor';
import { generateJSON } from '@tiptap/html';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { exportDocument } from './files.export';

// A document as the editor saves it: every block carries its internal id.
let next = 0;
const id = () => `blk-${++next}`;
const text = (t: string, marks?: DocJSON['marks']): DocJSON => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: DocJSON[]): DocJSON => ({ type: 'paragraph', attrs: { id: id() }, content });
const li = (...content: DocJSON[]): DocJSON => ({ type: 'listItem', attrs: { id: id() }, content });
const ul = (...items: DocJSON[]): DocJSON => ({ type: 'bulletList', attrs: { id: id() }, content: items });
const ol = (...items: DocJSON[]): DocJSON => ({ type: 'orderedList', attrs: { id: id(), start: 1 }, content: items });

const doc: DocJSON = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { id: id(), level: 1 }, content: [text('Title')] },
    p(text('Intro with '), text('bold', [{ type: 'bold' }]), text(' and a'), { type: 'hardBreak' }, text('break.')),
    ul(li(p(text('one'))), li(p(text('two')), ol(li(p(text('a'))), li(p(text('b')))))),
    ol(li(p(text('first'))), li(p(text('second')))),
    p(text('The end.')),
  ],
};

/** The document as the schema reads it back, without the ids an import would not carry. */
function shape(d: DocJSON): DocJSON {
  const { attrs, content, ...rest } = d;
  const kept = Object.fromEntries(Object.entries(attrs ?? {}).filter(([k, v]) => k !== 'id' && k !== 'isFirstParagraph' && v != null));
  return {
    ...rest,
    ...(Object.keys(kept).length ? { attrs: kept } : {}),
    ...(content?.length ? { content: content.map(shape) } : {}),
  };
}

const parse = (html: string) => shape(generateJSON(html, breeExtensions()) as DocJSON);
const exported = async (format: 'md' | 'html' | 'txt') => String((await exportDocument(doc, { title: 'T', format })).body);

describe('exports that look right', () => {
  it('writes Markdown lists as "- item" and "1. item", nested lists indented, no trailing spaces', async () => {
    const md = await exported('md');
    expect(md).toBe(
      ['# Title', '', 'Intro with **bold** and a\\', 'break.', '', '- one', '- two', '  1. a', '  2. b', '', '1. first', '2. second', '', 'The end.', ''].join(
        '\n',
      ),
    );
    expect(md).not.toMatch(/[ \t]$/m);
  });

  it('round-trips Markdown through a CommonMark reader back to the same document', async () => {
    const html = new Marked({ gfm: true, breaks: false }).parse(await exported('md'), { async: false });
    expect(parse(html)).toEqual(shape(doc));
  });

  it('writes HTML without internal block ids, and it reads back to the same document', async () => {
    const html = await exported('html');
    expect(html).not.toMatch(/data-id|data-is-first-paragraph|\sid=/);
    expect(html).toContain('<ul><li><p>one</p></li><li><p>two</p><ol><li><p>a</p></li>');
    const body = /<body>\n([\s\S]*)\n<\/body>/.exec(html)?.[1] ?? '';
    expect(parse(body)).toEqual(shape(doc));
  });

  it('writes plain text with bullets, numbers and indented nested lists', async () => {
    const txt = await exported('txt');
    expect(txt).toBe(
      ['Title', '', 'Intro with bold and a', 'break.', '', '- one', '- two', '  1. a', '  2. b', '', '1. first', '2. second', '', 'The end.'].join('\n'),
    );
  });

  it('numbers plain-text lists from their start', async () => {
    const counted: DocJSON = { type: 'doc', content: [{ ...ol(li(p(text('x'))), li(p(text('y')))), attrs: { start: 7 } }] };
    expect(String((await exportDocument(counted, { title: 'T', format: 'txt' })).body)).toBe('7. x\n8. y');
  });

  it('round-trips plain text through the plain-text import unchanged', async () => {
    const txt = await exported('txt');
    expect(toPlainText(fromText(txt))).toBe(txt);
  });

  it('leaves no trailing space after an empty item and keeps text that looks like a marker as text', async () => {
    const tricky: DocJSON = { type: 'doc', content: [ul(li(p()), li(p(text('- not nested')))), p(text('1. not a list'))] };
    const md = String((await exportDocument(tricky, { title: 'T', format: 'md' })).body);
    expect(md).toBe('-\n- \\- not nested\n\n1\\. not a list\n');
    const html = new Marked({ gfm: true, breaks: false }).parse(md, { async: false });
    expect(parse(html)).toEqual(shape(tricky));
    const txt = String((await exportDocument(tricky, { title: 'T', format: 'txt' })).body);
    expect(txt).toBe('-\n- - not nested\n\n1. not a list');
  });
});
