// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { Slice, Fragment } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { breeExtensions } from './schema';
import { BlockIds, mayChangeBlocks } from './block-ids';

function ids(editor: Editor): string[] {
  const out: string[] = [];
  editor.state.doc.descendants((n) => {
    if (n.isBlock) out.push(String(n.attrs.id));
    return true;
  });
  return out;
}

const makeEditor = async () => {
  const editor = new Editor({
    element: document.createElement('div'),
    extensions: [...breeExtensions(), BlockIds],
    content: {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Hello world' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'item' }] }] }] },
      ],
    },
  });
  // TipTap emits create on the next tick; the ids are filled in then.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return editor;
};

describe('block ids', () => {
  it('gives every block an id when the editor starts', async () => {
    const editor = await makeEditor();
    const all = ids(editor);
    expect(all).toHaveLength(4);
    expect(all.every((id) => /^[0-9A-Za-z]{12}$/.test(id))).toBe(true);
    expect(new Set(all).size).toBe(4);
  });

  it('keeps ids through typing and gives the new half of a split a fresh id', async () => {
    const editor = await makeEditor();
    const before = ids(editor);
    editor.view.dispatch(editor.state.tr.insertText('XYZ', 3));
    expect(ids(editor)).toEqual(before);
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 4)));
    editor.commands.splitBlock();
    const after = ids(editor);
    expect(after).toHaveLength(5);
    expect(after[0]).toBe(before[0]);
    expect(new Set(after).size).toBe(5);
  });

  it('gives pasted blocks that copy an existing id fresh ids', async () => {
    const editor = await makeEditor();
    const first = editor.state.doc.child(0);
    // A paste of the first paragraph, id included, at the end of the document.
    const slice = new Slice(Fragment.from(first), 0, 0);
    editor.view.dispatch(editor.state.tr.replace(editor.state.doc.content.size, editor.state.doc.content.size, slice));
    const all = ids(editor);
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);
    expect(all[0]).toBe(String(first.attrs.id));
  });
});

describe('pasted plain text', () => {
  it('splits paragraphs at blank lines and keeps single line breaks as hard breaks', async () => {
    const { pastedTextSlice } = await import('./paste');
    const editor = await makeEditor();
    const slice = pastedTextSlice(editor.schema, 'One\ntwo\n\nThree');
    expect(slice.content.childCount).toBe(2);
    expect(slice.content.child(0).child(1).type.name).toBe('hardBreak');
    expect(slice.content.child(0).attrs.isFirstParagraph).toBe(true);
  });

  it('skips the whole-document walk for typing and marks, but not for splits or pasted blocks', async () => {
    const editor = await makeEditor();
    const typing = editor.state.tr.insertText('abc', 3);
    expect(mayChangeBlocks(typing)).toBe(false);
    const deleting = editor.state.tr.delete(2, 4);
    expect(mayChangeBlocks(deleting)).toBe(false);
    const bold = editor.state.tr.addMark(1, 5, editor.schema.marks.bold!.create());
    expect(mayChangeBlocks(bold)).toBe(false);
    const split = editor.state.tr.split(4);
    expect(mayChangeBlocks(split)).toBe(true);
    const para = editor.schema.nodes.paragraph!.create({ id: 'dup' }, editor.schema.text('pasted'));
    const paste = editor.state.tr.replace(1, 1, new Slice(Fragment.from(para), 0, 0));
    expect(mayChangeBlocks(paste)).toBe(true);
  });
});
