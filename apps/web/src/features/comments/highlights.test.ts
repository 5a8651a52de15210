import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { resolveAnchor } from './anchors';
import { commentHighlightsKey, commentHighlightsPlugin, highlightedRanges } from './highlights';

/** The threads' marks follow the words through edits, and are found again when the whole text is replaced. */
const paragraph = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });
const anchor = { blockId: 'a', start: 4, end: 11, quote: 'harbour' };
let editor: Editor | null = null;
afterEach(() => editor?.destroy());

function marked(text: string): Editor {
  editor = new Editor({ element: document.createElement('div'), extensions: breeExtensions(), content: { type: 'doc', content: [paragraph('a', text)] } });
  editor.registerPlugin(commentHighlightsPlugin(() => undefined));
  const range = resolveAnchor(editor.state.doc, anchor)!;
  editor.view.dispatch(editor.state.tr.setMeta(commentHighlightsKey, { threads: [{ id: 't1', anchor, ...range }], active: null }));
  return editor;
}
const markedWords = (e: Editor) => [...highlightedRanges(e.state).values()].map((r) => e.state.doc.textBetween(r.from, r.to));

describe('comment highlights', () => {
  it('move with text typed before them and go with their words', () => {
    const e = marked('The harbour wall holds.');
    e.commands.insertContentAt(1, 'Look: ');
    expect(markedWords(e)).toEqual(['harbour']);
    const range = highlightedRanges(e.state).get('t1')!;
    e.commands.deleteRange(range);
    expect(markedWords(e)).toEqual([]);
  });

  it('are found again by their words when the whole text is replaced (the latest text loaded), not lost as deleted', () => {
    const e = marked('The harbour wall holds.');
    e.commands.setContent(
      { type: 'doc', content: [paragraph('z', 'First a new line.'), paragraph('a', 'The old harbour wall holds.')] },
      { emitUpdate: false },
    );
    expect(markedWords(e)).toEqual(['harbour']);
    e.commands.setContent({ type: 'doc', content: [paragraph('a', 'The wall holds.')] }, { emitUpdate: false });
    expect(markedWords(e)).toEqual([]);
  });
});
