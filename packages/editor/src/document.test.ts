import { describe, expect, it } from 'vitest';
import { countWords, fromText, toPlainText, validateDoc, type DocJSON, type DocumentValidationError } from './index';

const para = (text: string): DocJSON => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('document schema', () => {
  it('accepts every node and mark of docs/PRODUCT.md#editor', () => {
    const doc: DocJSON = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, id: 'h1' }, content: [{ type: 'text', text: 'Title', marks: [{ type: 'bold' }] }] },
        {
          type: 'paragraph',
          attrs: { id: 'p1' },
          content: [
            { type: 'text', text: 'a', marks: [{ type: 'italic' }, { type: 'underline' }, { type: 'strike' }] },
            { type: 'hardBreak' },
            { type: 'text', text: 'code', marks: [{ type: 'code' }] },
            { type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
          ],
        },
        { type: 'bulletList', content: [{ type: 'listItem', content: [para('one')] }] },
        { type: 'orderedList', content: [{ type: 'listItem', content: [para('two')] }] },
      ],
    };
    const node = validateDoc(doc);
    expect(node.childCount).toBe(4);
    expect(node.child(0).attrs.id).toBe('h1');
  });

  it('clamps heading levels to 1–6', () => {
    const node = validateDoc({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 9 }, content: [{ type: 'text', text: 'x' }] },
        { type: 'heading', attrs: { level: 0 } },
      ],
    });
    expect(node.child(0).attrs.level).toBe(6);
    expect(node.child(1).attrs.level).toBe(1);
  });

  it('drops javascript: and data: links but keeps mailto', () => {
    const link = (href: string) => ({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] }] }],
    });
    expect(validateDoc(link('javascript:alert(1)')).firstChild!.firstChild!.marks).toHaveLength(0);
    expect(validateDoc(link('data:text/html,hi')).firstChild!.firstChild!.marks).toHaveLength(0);
    expect(validateDoc(link('mailto:a@b.co')).firstChild!.firstChild!.marks).toHaveLength(1);
  });

  it('refuses unknown nodes, wrong roots, deep nesting and oversize documents with stable codes', () => {
    const problem = (input: unknown, opts = {}) => {
      try {
        validateDoc(input, opts);
        return 'ok';
      } catch (e) {
        return (e as DocumentValidationError).problem;
      }
    };
    expect(problem({ type: 'doc', content: [{ type: 'iframe' }] })).toBe('invalid_document');
    expect(problem({ type: 'paragraph' })).toBe('invalid_document');
    expect(problem('hello')).toBe('invalid_document');
    let deep: DocJSON = para('x');
    for (let i = 0; i < 30; i++) deep = { type: 'bulletList', content: [{ type: 'listItem', content: [deep] }] };
    expect(problem({ type: 'doc', content: [deep] })).toBe('too_deep');
    expect(problem({ type: 'doc', content: [para('x')] }, { byteLength: 6 * 1024 * 1024 })).toBe('too_large');
  });

  it('refuses a tree nested far past the limit as too_deep, in its nodes or its attributes, without overflowing the stack', () => {
    const problem = (json: string, opts = {}) => {
      try {
        validateDoc(JSON.parse(json), opts);
        return 'ok';
      } catch (e) {
        return (e as DocumentValidationError).problem ?? (e as Error).message;
      }
    };
    const lists = (levels: number) =>
      `${'{"type":"bulletList","content":[{"type":"listItem","content":['.repeat(levels)}{"type":"paragraph"}${']}]}'.repeat(levels)}`;
    // Measured before the size, which serializes the tree.
    expect(problem(`{"type":"doc","content":[${lists(50_000)}]}`)).toBe('too_deep');
    expect(problem(`{"type":"doc","content":[${lists(50_000)}]}`, { byteLength: 0 })).toBe('too_deep');
    // Depth hidden where the node count does not look: an attribute or a mark's attributes.
    const deepValue = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(problem(`{"type":"doc","content":[{"type":"paragraph","attrs":{"id":${deepValue}}}]}`, { byteLength: 0 })).toBe('too_deep');
    const deepMark = `{"type":"link","attrs":{"href":"https://e.x","x":${deepValue}}}`;
    expect(problem(`{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"x","marks":[${deepMark}]}]}]}`)).toBe('too_deep');
    // Text 39 levels deep with a mark and its attributes is still a document.
    const text = '{"type":"text","text":"x","marks":[{"type":"link","attrs":{"href":"https://e.x"}}]}';
    const item = '{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph"},';
    const deepest = `{"type":"bulletList","content":[{"type":"listItem","content":[{"type":"paragraph","attrs":{"id":"p"},"content":[${text}]}]}]}`;
    expect(problem(`{"type":"doc","content":[${item.repeat(17)}${deepest}${']}]}'.repeat(17)}]}`)).toBe('ok');
  });

  it('turns pasted text into paragraphs and hard breaks, marking the first paragraph', () => {
    const doc = fromText('Hello\nworld\n\n\nSecond para', { markFirstParagraph: true });
    expect(doc.content).toHaveLength(2);
    expect(doc.content![0]!.attrs).toEqual({ isFirstParagraph: true });
    expect(doc.content![0]!.content!.map((n) => n.type)).toEqual(['text', 'hardBreak', 'text']);
    expect(toPlainText(doc)).toBe('Hello\nworld\n\nSecond para');
    expect(validateDoc(doc).childCount).toBe(2);
  });

  it('counts words by whitespace', () => {
    expect(countWords('  one two\nthree\tfour ')).toBe(4);
    expect(countWords('   ')).toBe(0);
  });
});

describe('attributes a writer did not choose', () => {
  const linked = (attrs: Record<string, unknown>): DocJSON => ({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'here', marks: [{ type: 'link', attrs }] }] }],
  });

  it('drops class, style, target, rel and title from links, keeping the href and the safe defaults', () => {
    const node = validateDoc(
      linked({ href: 'https://example.com/', class: 'fixed inset-0 z-50', style: 'position:fixed', target: '_top', rel: 'opener', title: 'x' }),
    );
    const mark = node.child(0).child(0).marks[0]!;
    expect(mark.attrs).toEqual({ href: 'https://example.com/', target: '_blank', rel: 'noopener noreferrer', class: null, title: null });
  });

  it('drops unknown and unchosen node attributes but keeps block ids, levels and list starts', () => {
    const node = validateDoc({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, id: 'h', style: 'color:red', onclick: 'x()' }, content: [{ type: 'text', text: 'T' }] },
        { type: 'orderedList', attrs: { start: 3, type: 'i', id: 'o' }, content: [{ type: 'listItem', attrs: { class: 'x' }, content: [para('one')] }] },
      ],
    });
    expect(node.child(0).attrs).toEqual({ level: 2, id: 'h' });
    expect(node.child(1).attrs.start).toBe(3);
    expect(node.child(1).attrs.type).not.toBe('i');
    expect(node.child(1).attrs.id).toBe('o');
  });

  it('drops attribute values of another kind: a block id that is an array or an object, a start that is an object', () => {
    const node = validateDoc({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { id: [[1, { a: 2 }]] }, content: [{ type: 'text', text: 'a' }] },
        { type: 'heading', attrs: { level: 2, id: { nested: ['x'] } }, content: [{ type: 'text', text: 'b' }] },
        { type: 'orderedList', attrs: { start: { n: 3 }, id: 7 }, content: [{ type: 'listItem', content: [para('c')] }] },
      ],
    });
    expect(node.child(0).attrs.id).toBeNull();
    expect(node.child(1).attrs).toEqual({ level: 2, id: null });
    expect(node.child(2).attrs.start).toBe(1);
    expect(node.child(2).attrs.id).toBeNull();
  });

  it('returns the very same object when nothing is dropped', async () => {
    const { normalizeDoc } = await import('./document');
    const doc = linked({ href: 'https://example.com/' });
    expect(normalizeDoc(doc)).toBe(doc);
  });
});
