import { describe, expect, it } from 'vitest';
import { authorshipOf, authorshipOfNode, EDITOR_VERSION, getBreeSchema, toPlainText, validateDoc, type DocJSON } from './index';

/** Block quote, checklist, divider and code block (EDITOR_VERSION 3, docs/PRODUCT.md#editor). */
const para = (text: string): DocJSON => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const hostile = { onclick: 'alert(1)', '<script>': 'x', style: 'color:red', class: 'evil' };
const huge = 'a'.repeat(100_000);

const json = (input: DocJSON) => validateDoc(input).toJSON() as DocJSON;
const only = (node: DocJSON) => json({ type: 'doc', content: [node] }).content![0]!;

describe('the four simple blocks', () => {
  it('came with version 3 of the schema (images and tables with 4)', () => {
    expect(EDITOR_VERSION).toBeGreaterThanOrEqual(3);
  });

  it('accept a document holding each of them, nested where they nest', () => {
    const doc: DocJSON = {
      type: 'doc',
      content: [
        { type: 'blockquote', content: [para('quoted'), { type: 'bulletList', content: [{ type: 'listItem', content: [para('in')] }] }] },
        {
          type: 'taskList',
          content: [
            { type: 'taskItem', attrs: { checked: true }, content: [para('done')] },
            {
              type: 'taskItem',
              attrs: { checked: false },
              content: [para('todo'), { type: 'taskList', content: [{ type: 'taskItem', content: [para('sub')] }] }],
            },
          ],
        },
        { type: 'horizontalRule' },
        { type: 'codeBlock', attrs: { language: 'ts' }, content: [{ type: 'text', text: 'const a = 1;\n  b();' }] },
      ],
    };
    const node = validateDoc(doc);
    expect(node.childCount).toBe(4);
    expect(node.child(1).child(0).attrs.checked).toBe(true);
    expect(node.child(3).textContent).toBe('const a = 1;\n  b();');
  });

  it('block quote: keeps its id, drops hostile attributes', () => {
    const out = only({ type: 'blockquote', attrs: { id: 'q1', ...hostile }, content: [para('x')] });
    expect(out.attrs).toEqual({ id: 'q1' });
  });

  it('task item: keeps a boolean checked, drops a wrong type, hostile attributes and a huge value', () => {
    const item = (attrs: Record<string, unknown>) =>
      only({ type: 'taskList', attrs: { ...hostile }, content: [{ type: 'taskItem', attrs, content: [para('x')] }] });
    expect(item({ checked: true, ...hostile }).content![0]!.attrs).toEqual({ id: null, checked: true });
    expect(item({ checked: 'true' }).content![0]!.attrs!.checked).toBe(false);
    expect(item({ checked: 1 }).content![0]!.attrs!.checked).toBe(false);
    expect(item({ checked: { toString: 'x' } }).content![0]!.attrs!.checked).toBe(false);
    expect(item({ checked: huge }).content![0]!.attrs!.checked).toBe(false);
    expect(item({ checked: true }).attrs).toEqual({ id: null });
  });

  it('task item: holds no other blocks than its paragraph first', () => {
    expect(() => validateDoc({ type: 'doc', content: [{ type: 'taskList', content: [para('not an item')] }] })).toThrow();
  });

  it('code block: its language is its code element\'s class "language-x" (not "nullts"), none without one', () => {
    const codeBlock = getBreeSchema().nodes.codeBlock!;
    expect(JSON.stringify(codeBlock.spec.toDOM!(codeBlock.create({ language: 'ts' })))).toContain('{"class":"language-ts"}');
    expect(JSON.stringify(codeBlock.spec.toDOM!(codeBlock.create()))).toContain('{"class":null}');
  });

  it('code block: keeps a short language name, drops a hostile, huge or wrongly typed one', () => {
    const code = (attrs: Record<string, unknown>) => only({ type: 'codeBlock', attrs, content: [{ type: 'text', text: 'x' }] }).attrs;
    expect(code({ language: 'c++', ...hostile })).toEqual({ id: null, language: 'c++' });
    expect(code({ language: '"><script>alert(1)</script>' })!.language).toBeNull();
    expect(code({ language: 'javascript onclick=alert(1)' })!.language).toBeNull();
    expect(code({ language: huge })!.language).toBeNull();
    expect(code({ language: 42 })!.language).toBeNull();
    expect(code({ language: 'TS' })!.language).toBeNull();
  });

  it('code block: holds text only, no marks', () => {
    const out = only({ type: 'codeBlock', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }] });
    expect(out.content![0]!.marks).toBeUndefined();
  });

  it('horizontal rule: an empty leaf, hostile attributes dropped', () => {
    expect(only({ type: 'horizontalRule', attrs: { ...hostile, id: 'r1' } })).toEqual({ type: 'horizontalRule', attrs: { id: 'r1' } });
  });

  it('a version-2 document (paragraphs, headings, lists) validates to the very same JSON', () => {
    const v2: DocJSON = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { id: 'h', level: 1 }, content: [{ type: 'text', text: 'T' }] },
        { type: 'paragraph', attrs: { id: 'p', isFirstParagraph: null }, content: [{ type: 'text', text: 'x' }] },
        {
          type: 'bulletList',
          attrs: { id: null },
          content: [
            {
              type: 'listItem',
              attrs: { id: null },
              content: [{ type: 'paragraph', attrs: { id: null, isFirstParagraph: null }, content: [{ type: 'text', text: 'y' }] }],
            },
          ],
        },
      ],
    };
    expect(json(v2)).toEqual(v2);
  });
});

describe('plain text of the four blocks', () => {
  it('keeps the words of quotes and tasks without markers (word counts and search), a rule as nothing, code as its lines', () => {
    const doc: DocJSON = {
      type: 'doc',
      content: [
        para('Intro'),
        { type: 'blockquote', content: [para('Said once')] },
        {
          type: 'taskList',
          content: [
            { type: 'taskItem', attrs: { checked: false }, content: [para('Buy milk')] },
            { type: 'taskItem', attrs: { checked: true }, content: [para('Call Ann')] },
          ],
        },
        { type: 'horizontalRule' },
        { type: 'codeBlock', content: [{ type: 'text', text: 'a();\nb();' }] },
        para('End'),
      ],
    };
    expect(toPlainText(doc)).toBe('Intro\n\nSaid once\n\nBuy milk\n\nCall Ann\n\na();\nb();\n\nEnd');
  });
});

describe('authorship of the four blocks', () => {
  it('counts the words of quotes and tasks, leaves code blocks and rules out', () => {
    const ai = { type: 'aiProvenance', attrs: { operationId: 'op-1', action: 'enhance', tier: 'fast', at: '2026-11-28T04:00:00.000Z' } };
    const doc: DocJSON = {
      type: 'doc',
      content: [
        { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'abc', marks: [ai] }] }] },
        { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [para('de')] }] },
        { type: 'horizontalRule' },
        { type: 'codeBlock', content: [{ type: 'text', text: 'xxxxxxxxxx' }] },
      ],
    };
    expect(authorshipOf(doc)).toEqual({ textChars: 5, aiChars: 3 });
    expect(authorshipOfNode(validateDoc(doc))).toEqual({ textChars: 5, aiChars: 3 });
  });
});
