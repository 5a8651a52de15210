import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { authorshipOfNode, BlockIds, breeExtensions, markInsertedAsAi, PROVENANCE_MARK, provenanceGuard } from '@bree/editor';
import type { BackgroundResponse, ProvenanceAttrs } from '@bree/contracts';
import { EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { applySuggestion, textTarget, type SuggestionTarget } from './nodes';
import { suggestionProvenance } from './provenance';

const schema = getSchema([...breeExtensions(), BlockIds]);
const p = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });
const start = () =>
  EditorState.create({
    doc: schema.nodeFromJSON({ type: 'doc', content: [p('a', 'Keep this. Rough words.'), p('b', 'Second line.')] }),
    plugins: [provenanceGuard()],
  });
const attrs: ProvenanceAttrs = { operationId: 'op-1', action: 'enhance', tier: 'fast', at: '2026-11-28T05:00:00.000Z' };

/** The text of every marked run, in order. */
function markedRuns(doc: PmNode): string[] {
  const runs: string[] = [];
  doc.descendants((node) => {
    if (node.isText && node.marks.some((m) => m.type.name === PROVENANCE_MARK)) runs.push(node.text!);
    return true;
  });
  return runs;
}

function accept(target: SuggestionTarget, paragraphs: string[]) {
  const state = start();
  const tr = state.tr;
  applySuggestion(
    tr,
    target,
    paragraphs,
    paragraphs.map((text, i) => p(`n${i}`, text)),
  );
  markInsertedAsAi(tr, 0, attrs);
  return state.apply(tr);
}

describe('an accepted suggestion carries its provenance', () => {
  it('marks exactly the rewritten words of a selection, not the text around them', () => {
    // 'Rough words.' is 12..24 inside the first paragraph.
    const state = accept(textTarget([{ from: 12, to: 24 }]), ['Polished prose.']);
    expect(state.doc.child(0).textContent).toBe('Keep this. Polished prose.');
    expect(markedRuns(state.doc)).toEqual(['Polished prose.']);
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 9 + 14 + 11, aiChars: 14 });
  });

  it('marks whole new blocks and an inserted sentence', () => {
    const blocks = accept({ kind: 'blocks', from: 0, to: 0 }, ['New opening.', 'And more.']);
    expect(markedRuns(blocks.doc)).toEqual(['New opening.', 'And more.']);
    const sentence = accept({ kind: 'inline', from: 11, to: 11 }, ['Added.']);
    expect(sentence.doc.child(0).textContent).toBe('Keep this. Added. Rough words.');
    expect(markedRuns(sentence.doc).join('').trim()).toBe('Added.');
  });

  it('keeps the mark on the words the writer did not retype', () => {
    let state = accept(textTarget([{ from: 12, to: 24 }]), ['Polished prose.']);
    // The writer retypes 'prose' (21..26).
    state = state.apply(state.tr.insertText('text', 21, 26));
    expect(state.doc.child(0).textContent).toBe('Keep this. Polished text.');
    expect(markedRuns(state.doc)).toEqual(['Polished ', '.']);
  });
});

describe('suggestionProvenance', () => {
  const stored = (context: Partial<BackgroundResponse['originalContext']>): BackgroundResponse =>
    ({
      operationId: 'op-9',
      documentId: 'd',
      operationType: 'rewrite',
      status: 'completed',
      response: { rewrittenNodesInfo: { nodes: [] }, generatedContent: '', sentenceNode: null },
      originalContext: { nodeIds: [], ...context },
      createdAt: '2026-11-28T05:00:00.000Z',
    }) satisfies BackgroundResponse;
  const at = new Date('2026-11-28T06:00:00.000Z');

  it('names the operation, the action and tier that made it, and the time of the Accept', () => {
    const made = suggestionProvenance({ response: stored({ action: 'shrink', tier: 'fast' }), action: null, operationType: 'rewrite' }, at);
    expect(made).toEqual({ operationId: 'op-9', action: 'shrink', tier: 'fast', at: '2026-11-28T06:00:00.000Z' });
  });

  it('falls back to the action asked, then to the operation type, for results stored without them', () => {
    expect(suggestionProvenance({ response: stored({}), action: 'modify', operationType: 'rewrite' }, at).action).toBe('modify');
    expect(suggestionProvenance({ response: stored({}), action: null, operationType: 'fillSentence' }, at).action).toBe('fill-sentence');
    expect(['fast', 'premium']).toContain(suggestionProvenance({ response: stored({}), action: null, operationType: 'rewrite' }, at).tier);
  });
});
