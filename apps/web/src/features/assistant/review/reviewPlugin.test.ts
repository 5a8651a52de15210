import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { BlockIds, breeExtensions, diffWords } from '@bree/editor';
import { EditorState, Plugin } from '@tiptap/pm/state';
import type { Transaction } from '@tiptap/pm/state';
import type { Decoration } from '@tiptap/pm/view';
import { aiPreviewKey } from '../preview';
import type { PreviewState } from '../preview';
import { buildChanges } from './changes';
import { aiReviewKey, reviewPlugin } from './reviewPlugin';
import type { ReviewMeta } from './reviewPlugin';

const schema = getSchema([...breeExtensions(), BlockIds]);
const ORIGINAL = 'The ferry left late. The town waited.';
const REWRITE = 'The old ferry left late. Everyone waited.';
const RANGE = { from: 1, to: 1 + ORIGINAL.length };

/** A bare stand-in for the preview plugin: it only keeps the state it is given. */
const previewHolder = new Plugin<PreviewState | null>({
  key: aiPreviewKey,
  state: { init: () => null, apply: (tr, value) => (tr.getMeta(aiPreviewKey) as PreviewState | null | undefined) ?? value },
});

function open(): EditorState {
  let state = EditorState.create({
    doc: schema.nodeFromJSON({ type: 'doc', content: [{ type: 'paragraph', attrs: { id: 'a' }, content: [{ type: 'text', text: ORIGINAL }] }] }),
    plugins: [previewHolder, reviewPlugin()],
  });
  const changes = buildChanges({ doc: state.doc, ranges: [RANGE], paragraphs: [REWRITE], diff: diffWords })!;
  const preview: PreviewState = { target: { kind: 'text', ...RANGE, ranges: [RANGE] }, mode: 'suggested', paragraphs: [REWRITE], review: true };
  state = state.apply(state.tr.setMeta(aiReviewKey, { type: 'start', changes } satisfies ReviewMeta).setMeta(aiPreviewKey, preview));
  return state;
}

const send = (state: EditorState, meta: ReviewMeta, tr: Transaction = state.tr) => state.apply(tr.setMeta(aiReviewKey, meta));

/** What the plugin draws: each inline decoration's text and class, each widget's position. */
function drawn(state: EditorState): { inline: string[]; widgets: number } {
  const set = reviewPlugin().props.decorations!.call(previewHolder as never, state) as { find(): Decoration[] } | null;
  const found = set?.find() ?? [];
  const inline = found
    .filter((d) => d.from < d.to)
    .map((d) => `${state.doc.textBetween(d.from, d.to)}:${(d as unknown as { type: { attrs: { class: string } } }).type.attrs.class}`);
  return { inline, widgets: found.filter((d) => d.from === d.to).length };
}

describe('the review plugin', () => {
  it('draws pending deletions struck through and each insertion as a widget', () => {
    const state = open();
    expect(aiReviewKey.getState(state)!.decisions).toEqual(['pending', 'pending']);
    expect(drawn(state)).toEqual({ inline: ['The town:bree-ai-del'], widgets: 2 });
  });

  it('outlines the current change and moves it; an accepted deletion is hidden, a rejected change draws nothing', () => {
    let state = open();
    state = send(state, { type: 'current', index: 1 });
    expect(drawn(state).inline).toEqual(['The town:bree-ai-del bree-ai-current']);
    state = send(state, { type: 'decide', index: 1, decision: 'accepted', current: 0 });
    expect(drawn(state)).toEqual({ inline: ['The town:bree-ai-hidden'], widgets: 2 });
    state = send(state, { type: 'decide', index: 0, decision: 'rejected', current: -1 });
    expect(drawn(state)).toEqual({ inline: ['The town:bree-ai-hidden'], widgets: 1 });
    expect(aiReviewKey.getState(state)!.decisions).toEqual(['rejected', 'accepted']);
  });

  it('follows typing without diffing again, and draws nothing on the Original tab or once ended', () => {
    let state = open();
    state = state.apply(state.tr.insertText('Well. ', 1));
    const review = aiReviewKey.getState(state)!;
    expect(state.doc.textBetween(review.changes[1]!.from, review.changes[1]!.to)).toBe('The town');
    expect(drawn(state).inline).toEqual(['The town:bree-ai-del']);
    const preview = aiPreviewKey.getState(state)!;
    expect(drawn(state.apply(state.tr.setMeta(aiPreviewKey, { ...preview, mode: 'original' })))).toEqual({ inline: [], widgets: 0 });
    expect(aiReviewKey.getState(send(state, { type: 'end' }))).toBeNull();
  });
});
