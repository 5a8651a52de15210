import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { BlockIds, breeExtensions, diffWords, markInsertedAsAi, PROVENANCE_MARK, provenanceGuard } from '@bree/editor';
import type { ProvenanceAttrs } from '@bree/contracts';
import { EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { applyDecisions, allDecided, buildChanges, decidedText, mapChanges, nextPending } from './changes';
import type { Decision } from './changes';
import { sentenceCount } from '../reviewGate';

const schema = getSchema([...breeExtensions(), BlockIds]);
const EARLIER: ProvenanceAttrs = { operationId: 'op-earlier', action: 'expand', tier: 'fast', at: '2026-11-01T05:00:00.000Z' };
const NOW: ProvenanceAttrs = { operationId: 'op-review', action: 'enhance', tier: 'premium', at: '2026-11-28T05:00:00.000Z' };

const ORIGINAL = 'The ferry left late. The town waited on the pier.';
const REWRITE = 'The old ferry left late. Everyone in town waited on the pier.';

/** A document of one paragraph: 'Intro. ' then the original, 'late' in bold and 'pier' from an earlier AI text. */
function start(): EditorState {
  const doc = schema.nodeFromJSON({
    type: 'doc',
    content: [
      {
        type: 'paragraph',
        attrs: { id: 'a' },
        content: [
          { type: 'text', text: 'Intro. The ferry left ' },
          { type: 'text', text: 'late', marks: [{ type: 'bold' }] },
          { type: 'text', text: '. The town waited on the ' },
          { type: 'text', text: 'pier', marks: [{ type: PROVENANCE_MARK, attrs: EARLIER }] },
          { type: 'text', text: '.' },
        ],
      },
    ],
  });
  return EditorState.create({ doc, plugins: [provenanceGuard()] });
}
/** 'Intro. ' is 7 characters, after the paragraph's opening at 1. */
const RANGE = { from: 8, to: 8 + ORIGINAL.length };

/** Each text run with the operation of its AI mark (or null) and whether it is bold. */
function runs(doc: PmNode): { text: string; ai: string | null; bold: boolean }[] {
  const out: { text: string; ai: string | null; bold: boolean }[] = [];
  doc.descendants((node) => {
    if (!node.isText) return true;
    const ai = node.marks.find((m) => m.type.name === PROVENANCE_MARK);
    out.push({ text: node.text!, ai: ai ? (ai.attrs.operationId as string) : null, bold: node.marks.some((m) => m.type.name === 'bold') });
    return false;
  });
  return out;
}

/** Applies the decisions as Accept does: one transaction, then the AI mark on what it put in. */
function decideAndApply(decisions: Decision[], pendingAs: 'accepted' | 'rejected' = 'accepted') {
  const state = start();
  const changes = buildChanges({ doc: state.doc, ranges: [RANGE], paragraphs: [REWRITE], diff: diffWords })!;
  const tr = state.tr;
  applyDecisions({ tr, changes, decisions, pendingAs });
  markInsertedAsAi(tr, 0, NOW);
  return state.apply(tr);
}

describe('the changes of a reviewed rewrite', () => {
  it('are the runs between shared words, placed on the document', () => {
    const state = start();
    expect(state.doc.textBetween(RANGE.from, RANGE.to)).toBe(ORIGINAL);
    const changes = buildChanges({ doc: state.doc, ranges: [RANGE], paragraphs: [REWRITE], diff: diffWords })!;
    expect(changes.map(({ deleted, inserted }) => ({ deleted, inserted }))).toEqual([
      { deleted: '', inserted: 'old ' },
      { deleted: 'The', inserted: 'Everyone in' },
    ]);
    // The first is an insertion before 'ferry'; the second replaces 'The' of the second sentence.
    expect(state.doc.textBetween(changes[1]!.from, changes[1]!.to)).toBe('The');
    expect(changes[0]!.from).toBe(changes[0]!.to);
    expect(state.doc.textBetween(changes[0]!.from, changes[0]!.from + 5)).toBe('ferry');
  });

  it('cannot be placed when the counts differ', () => {
    expect(buildChanges({ doc: start().doc, ranges: [RANGE], paragraphs: ['a', 'b'], diff: diffWords })).toBeNull();
  });

  it('follow edits made while the review is open', () => {
    const state = start();
    const changes = buildChanges({ doc: state.doc, ranges: [RANGE], paragraphs: [REWRITE], diff: diffWords })!;
    const tr = state.tr.insertText('Well. ', 1);
    const mapped = mapChanges(changes, tr.mapping);
    expect(tr.doc.textBetween(mapped[1]!.from, mapped[1]!.to)).toBe('The');
  });
});

describe('decisions turned into the final text', () => {
  const diff = diffWords(ORIGINAL, REWRITE);
  it('accepting every change gives the rewrite, rejecting every one the original', () => {
    expect(decidedText({ runs: diff, decisions: ['accepted', 'accepted'] })).toBe(REWRITE);
    expect(decidedText({ runs: diff, decisions: ['rejected', 'rejected'] })).toBe(ORIGINAL);
  });
  it('takes exactly the accepted changes, pending ones as Accept all or Reject all says', () => {
    expect(decidedText({ runs: diff, decisions: ['accepted', 'rejected'] })).toBe('The old ferry left late. The town waited on the pier.');
    expect(decidedText({ runs: diff, decisions: ['rejected', 'accepted'] })).toBe('The ferry left late. Everyone in town waited on the pier.');
    expect(decidedText({ runs: diff, decisions: ['pending', 'rejected'], pendingAs: 'accepted' })).toBe(
      'The old ferry left late. The town waited on the pier.',
    );
    expect(decidedText({ runs: diff, decisions: ['pending', 'accepted'], pendingAs: 'rejected' })).toBe(
      'The ferry left late. Everyone in town waited on the pier.',
    );
  });
  it('the document holds what decidedText says', () => {
    for (const decisions of [
      ['accepted', 'rejected'],
      ['rejected', 'accepted'],
      ['accepted', 'accepted'],
    ] as Decision[][]) {
      expect(decideAndApply(decisions).doc.textContent).toBe(`Intro. ${decidedText({ runs: diff, decisions })}`);
    }
  });
  it('moves to the next undecided change, going round, and knows when all are decided', () => {
    expect(nextPending({ decisions: ['accepted', 'pending', 'pending'], from: 1, step: 1 })).toBe(2);
    expect(nextPending({ decisions: ['pending', 'rejected', 'pending'], from: 2, step: 1 })).toBe(0);
    expect(nextPending({ decisions: ['pending', 'rejected', 'pending'], from: 0, step: -1 })).toBe(2);
    expect(nextPending({ decisions: ['accepted', 'rejected'], from: 0, step: 1 })).toBe(-1);
    expect(allDecided(['accepted', 'rejected'])).toBe(true);
    expect(allDecided(['accepted', 'pending'])).toBe(false);
  });
});

describe('partial acceptance keeps provenance exact', () => {
  it('marks only the accepted inserted words; rejected changes keep the original words and marks', () => {
    const state = decideAndApply(['accepted', 'rejected']);
    expect(runs(state.doc)).toEqual([
      { text: 'Intro. The ', ai: null, bold: false },
      { text: 'old ', ai: 'op-review', bold: false },
      { text: 'ferry left ', ai: null, bold: false },
      { text: 'late', ai: null, bold: true },
      { text: '. The town waited on the ', ai: null, bold: false },
      { text: 'pier', ai: 'op-earlier', bold: false },
      { text: '.', ai: null, bold: false },
    ]);
  });

  it('the shared words between accepted changes stay the writer’s', () => {
    const state = decideAndApply(['accepted', 'accepted']);
    const marked = runs(state.doc)
      .filter((r) => r.ai === 'op-review')
      .map((r) => r.text);
    expect(marked).toEqual(['old ', 'Everyone in']);
    // The earlier AI word keeps its own operation.
    expect(runs(state.doc).find((r) => r.text === 'pier')?.ai).toBe('op-earlier');
  });

  it('rejecting everything changes nothing', () => {
    const state = decideAndApply(['rejected', 'rejected']);
    expect(state.doc.eq(start().doc)).toBe(true);
  });
});

describe('sentenceCount', () => {
  it('counts sentences by their end marks', () => {
    expect(sentenceCount('One sentence here.')).toBe(1);
    expect(sentenceCount('One. Two!')).toBe(2);
    expect(sentenceCount('“Quoted.” Then more? Yes… and on')).toBe(3);
    expect(sentenceCount('v2.5 is a version number')).toBe(1);
    expect(sentenceCount('  ')).toBe(0);
  });
});
