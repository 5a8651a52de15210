import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { BlockIds, breeExtensions } from '@bree/editor';
import { EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { applySuggestion, blocksInRange, rewriteInput, selectedParts, targetFor, textTarget } from './nodes';
import { checkBlocks } from '../checks/panel/anchors';

/** Rewrites across tables and images (docs/ASSISTANT.md): the cells' text is rewritten, the table and the image stay. */
const schema = getSchema([...breeExtensions(), BlockIds]);
const p = (id: string, text?: string) => ({ type: 'paragraph', attrs: { id }, ...(text ? { content: [{ type: 'text', text }] } : {}) });
const cell = (type: string, id: string, text?: string) => ({ type, content: [p(id, text)] });
const IMAGE = { type: 'image', attrs: { id: 'img', src: '/api/images/01JD5Z8X4KQ3M2N7P9R0S1T2V3', alt: 'A chart' } };
const doc = schema.nodeFromJSON({
  type: 'doc',
  content: [
    p('a', 'A rough opening line.'),
    {
      type: 'table',
      attrs: { id: 't' },
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'h1', 'Rough name'), cell('tableHeader', 'h2', 'Words')] },
        { type: 'tableRow', content: [cell('tableCell', 'c1', 'The rough intro'), cell('tableCell', 'c2', '120')] },
      ],
    },
    IMAGE,
    p('z', 'A rough closing line.'),
  ],
});

const shapeOf = (d: PmNode) => {
  const out: string[] = [];
  d.forEach((node) => out.push(node.type.name === 'table' ? `table:${node.childCount}x${node.firstChild!.childCount}` : node.type.name));
  return out;
};

const apply = (d: PmNode, paragraphs: string[], from = 0, to = d.content.size) => {
  const parts = selectedParts(d, from, to);
  const tr = EditorState.create({ doc: d }).tr;
  applySuggestion(tr, textTarget(parts), paragraphs, []);
  return { parts, after: tr.doc };
};

describe('rewrites across a table and an image', () => {
  it('send each cell’s text as its own part, and nothing of the image', () => {
    const parts = selectedParts(doc, 0, doc.content.size);
    expect(parts.map((part) => part.nodeId)).toEqual(['a', 'h1', 'h2', 'c1', 'c2', 'z']);
    expect(rewriteInput(doc, parts).selection.text).not.toContain('A chart');
  });

  it('rewrite the text in the cells and keep the table, its header row and the image when each part gets its paragraph', () => {
    const { after } = apply(doc, ['An opening line.', 'Name', 'Words', 'The intro', '120', 'A closing line.']);
    expect(shapeOf(after)).toEqual(['paragraph', 'table:2x2', 'image', 'paragraph']);
    expect(after.child(1).firstChild!.firstChild!.type.name).toBe('tableHeader');
    expect(after.child(1).textContent).toBe('NameWordsThe intro120');
    expect(after.child(2).attrs.alt).toBe('A chart');
  });

  it('keep the table and the image when the answer has another count of paragraphs', () => {
    const fewer = apply(doc, ['One line for all.']).after;
    expect(shapeOf(fewer)).toEqual(['paragraph', 'table:2x2', 'image', 'paragraph']);
    const more = apply(doc, ['1.', '2.', '3.', '4.', '5.', '6.', '7.']).after;
    expect(shapeOf(more)).toEqual(['paragraph', 'table:2x2', 'image', 'paragraph']);
    expect(more.child(3).textContent).toBe('6. 7.');
  });

  it('keep a table when a selection inside one cell comes back as two paragraphs', () => {
    const start = selectedParts(doc, 0, doc.content.size).find((part) => part.nodeId === 'c1')!;
    const { after } = apply(doc, ['The intro.', 'A second thought.'], start.from, start.to);
    expect(shapeOf(after)).toEqual(['paragraph', 'table:2x2', 'image', 'paragraph']);
    expect(after.child(1).child(1).firstChild!.textContent).toBe('The intro. A second thought.');
  });

  it('put Fill Paragraph’s text after an empty table, never in its place', () => {
    const empty = schema.nodeFromJSON({
      type: 'doc',
      content: [{ type: 'table', attrs: { id: 'e' }, content: [{ type: 'tableRow', content: [cell('tableCell', 'e1')] }] }],
    });
    const span = blocksInRange(empty, 3, 3)!;
    expect(span.empty).toBe(false);
    expect(targetFor('fillParagraph', span)).toEqual({ kind: 'blocks', from: span.to, to: span.to });
  });

  it('give the checks each cell’s text as its own block, and nothing of the image', () => {
    expect(checkBlocks({ doc }).map((block) => [block.id, block.text])).toEqual([
      ['a', 'A rough opening line.'],
      ['h1', 'Rough name'],
      ['h2', 'Words'],
      ['c1', 'The rough intro'],
      ['c2', '120'],
      ['z', 'A rough closing line.'],
    ]);
  });
});
