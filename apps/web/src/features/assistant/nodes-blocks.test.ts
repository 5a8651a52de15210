import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { BlockIds, breeExtensions } from '@bree/editor';
import { EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { applySuggestion, selectedParts, textTarget } from './nodes';

/** Rewrites around the quote, checklist, divider and code block (docs/ASSISTANT.md): code and rules stay untouched. */
const schema = getSchema([...breeExtensions(), BlockIds]);
const p = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });
const doc = schema.nodeFromJSON({
  type: 'doc',
  content: [
    p('a', 'First rough line.'),
    { type: 'codeBlock', attrs: { id: 'c' }, content: [{ type: 'text', text: 'const keep = 1;' }] },
    { type: 'horizontalRule', attrs: { id: 'r' } },
    { type: 'blockquote', attrs: { id: 'q' }, content: [p('qa', 'Quoted rough words.')] },
    { type: 'taskList', attrs: { id: 't' }, content: [{ type: 'taskItem', attrs: { id: 'ti', checked: true }, content: [p('tp', 'Rough task.')] }] },
  ],
});

const apply = (d: PmNode, paragraphs: string[]) => {
  const parts = selectedParts(d, 0, d.content.size);
  const tr = EditorState.create({ doc: d }).tr;
  applySuggestion(tr, textTarget(parts), paragraphs, []);
  return { parts, after: tr.doc };
};

describe('rewrites around the new blocks', () => {
  it('selects the text of paragraphs, quotes and task items, never of a code block', () => {
    expect(selectedParts(doc, 0, doc.content.size).map((part) => part.nodeId)).toEqual(['a', 'qa', 'tp']);
  });

  it('keeps the code block, the divider and the checkbox when each stretch gets its paragraph', () => {
    const { after } = apply(doc, ['First line.', 'Quoted words.', 'A task.']);
    expect(after.child(1).textContent).toBe('const keep = 1;');
    expect(after.child(2).type.name).toBe('horizontalRule');
    expect(after.child(3).textContent).toBe('Quoted words.');
    expect(after.child(4).firstChild!.attrs.checked).toBe(true);
    expect(after.child(4).textContent).toBe('A task.');
  });

  it('keeps the code block and the divider when the answer has another count of paragraphs', () => {
    const more = apply(doc, ['One.', 'Two.', 'Three.', 'Four.']).after;
    expect(more.childCount).toBe(5);
    expect(more.child(1).textContent).toBe('const keep = 1;');
    expect(more.child(2).type.name).toBe('horizontalRule');
    expect(more.child(4).textContent).toBe('Three. Four.');
    const fewer = apply(doc, ['Only one.']).after;
    expect(fewer.child(0).textContent).toBe('Only one.');
    expect(fewer.child(1).textContent).toBe('const keep = 1;');
    expect(fewer.child(2).type.name).toBe('horizontalRule');
  });
});
