import { breeExtensions } from '@bree/editor';
import { getSchema } from '@tiptap/core';
import { Slice } from '@tiptap/pm/model';
import { EditorState } from '@tiptap/pm/state';
import { EditorView } from '@tiptap/pm/view';
import { describe, expect, it } from 'vitest';
import { cleanDocText, StorableText } from './storableText';

describe('storable text in the web app', () => {
  it('cleans every text node of a document tree and leaves a clean tree untouched', () => {
    const dirty = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'a\u0000b' },
            { type: 'text', text: 'ok' },
          ],
        },
      ],
    };
    const cleaned = cleanDocText(dirty);
    expect(cleaned.content?.[0]?.content?.map((n) => n.text)).toEqual(['a\ufffdb', 'ok']);
    const clean = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'fine' }] }] };
    expect(cleanDocText(clean)).toBe(clean);
  });

  it('replaces NUL and broken surrogates in pasted text and pasted slices', () => {
    const schema = getSchema(breeExtensions());
    const plugin = StorableText.config.addProseMirrorPlugins!.call({} as never)[0]!;
    const view = new EditorView(document.createElement('div'), { state: EditorState.create({ schema }) });
    const pastedText = plugin.props.transformPastedText!.call(plugin, 'x\u0000y\ud800', false, view);
    expect(pastedText).toBe('x\ufffdy\ufffd');
    const slice = new Slice(schema.nodes.paragraph!.create(null, schema.text('p\udc00q')).content, 0, 0);
    const cleaned = plugin.props.transformPasted!.call(plugin, slice, view, false);
    expect(cleaned.content.textBetween(0, cleaned.content.size)).toBe('p\ufffdq');
    view.destroy();
  });
});
