import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { breeExtensions } from '@bree/editor';
import { checkFindingId } from '@bree/contracts';
import type { CheckFinding, CheckRule } from '@bree/contracts';
import { anchorFindings, checkBlocks } from './anchors';
import { anchorsOf, checksKey, createChecksPlugin } from './checksPlugin';
import { countsByKind, groupFindings, ownShareLine, rewriteInstruction, sentenceAround, visibleFindings } from './panelState';

const schema = getSchema(breeExtensions());
const p = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });
const docOf = (...blocks: unknown[]) => schema.nodeFromJSON({ type: 'doc', content: blocks });

/** A finding about `quote`, found where it first occurs in `text`. */
function finding({ rule, blockId, text, quote }: { rule: CheckRule; blockId: string; text: string; quote: string }): CheckFinding {
  const from = text.indexOf(quote);
  return { id: checkFindingId({ rule, blockId, quote }), rule, blockId, from, to: from + quote.length, quote, message: `${rule} here` };
}

const ONE = 'At the end of the day the plan worked.';
const TWO = 'It was decided by the board quite quickly.';
const doc = docOf(p('b1', ONE), p('b2', TWO));
const cliche = finding({ rule: 'cliche', blockId: 'b1', text: ONE, quote: 'At the end of the day' });
const passive = finding({ rule: 'passive-voice', blockId: 'b2', text: TWO, quote: 'was decided' });
const voice = finding({ rule: 'off-voice', blockId: 'b2', text: TWO, quote: TWO });
const ai = finding({ rule: 'clarity', blockId: 'b1', text: ONE, quote: 'the plan worked' });

describe('the panel state', () => {
  it('groups findings by kind in reading order, every group named even when empty', () => {
    const order = new Map([
      ['b1', 0],
      ['b2', 1],
    ]);
    const groups = groupFindings({ findings: [passive, voice, cliche], order });
    expect(groups.map((g) => [g.label, g.findings.map((f) => f.quote)])).toEqual([
      ['Style', ['At the end of the day', 'was decided']],
      ['Your voice', [TWO]],
      ['AI', []],
    ]);
    expect(countsByKind([passive, voice, cliche, ai])).toEqual({ local: 2, voice: 1, ai: 1 });
  });

  it('leaves out ignored findings and the rules switched off', () => {
    const all = [cliche, passive, voice, ai];
    expect(visibleFindings({ findings: all, ignored: new Set([cliche.id]), disabledRules: ['off-voice'] })).toEqual([passive, ai]);
    expect(visibleFindings({ findings: all, ignored: new Set(), disabledRules: [] })).toHaveLength(4);
  });

  it('says the share of sentences in the author voice, and what it was when the panel opened', () => {
    expect(ownShareLine({ opening: 0.72, now: 0.81 })).toBe('81% of your sentences read as your own (was 72%, now 81%)');
    expect(ownShareLine({ opening: 0.8, now: 0.801 })).toBe('80% of your sentences read as your own');
    expect(ownShareLine({ opening: null, now: 0.5 })).toBe('50% of your sentences read as your own');
    expect(ownShareLine({ opening: 0.5, now: null })).toBeNull();
  });

  it('finds the sentence around a finding and asks for it in the author voice', () => {
    const text = 'First one. The second is at the end of the day long! Third.';
    const at = text.indexOf('end of the day');
    expect(text.slice(...Object.values(sentenceAround({ text, from: at, to: at + 14 })))).toBe('The second is at the end of the day long!');
    expect(rewriteInstruction({ message: 'A cliché' })).toBe('Rewrite this sentence in my voice; fix: A cliché');
  });
});

describe('findings in the text', () => {
  const start = () => {
    const state = EditorState.create({ doc, plugins: [createChecksPlugin()] });
    const anchors = anchorFindings({ doc, findings: [cliche, passive] });
    return state.apply(state.tr.setMeta(checksKey, { anchors }));
  };

  it('reads each text block with its id and plain text, and the selection only its blocks', () => {
    expect(checkBlocks({ doc })).toEqual([
      { id: 'b1', type: 'paragraph', text: ONE },
      { id: 'b2', type: 'paragraph', text: TWO },
    ]);
    expect(checkBlocks({ doc, from: ONE.length + 4, to: ONE.length + 6 }).map((b) => b.id)).toEqual(['b2']);
  });

  it('draws each finding over its words, labelled by kind', () => {
    const state = start();
    const decorations = checksKey.getState(state)!.decorations.find();
    expect(decorations.map((d) => state.doc.textBetween(d.from, d.to))).toEqual(['At the end of the day', 'was decided']);
    expect((decorations[0] as unknown as { type: { attrs: Record<string, string> } }).type.attrs['data-check-label']).toBe('Style');
  });

  it('follows typing elsewhere and clears a finding as soon as its words change', () => {
    let state = start();
    // Typing before the cliché moves it along.
    state = state.apply(state.tr.insertText('Well. ', 1));
    expect(anchorsOf(state).map((a) => state.doc.textBetween(a.from, a.to))).toEqual(['At the end of the day', 'was decided']);
    const drawn = () =>
      checksKey
        .getState(state)!
        .decorations.find()
        .map((d) => state.doc.textBetween(d.from, d.to));
    expect(drawn()).toEqual(['At the end of the day', 'was decided']);
    // Typing inside other words of the block changes nothing drawn.
    state = state.apply(state.tr.insertText(' still', state.doc.resolve(1).end() - 1));
    expect(drawn()).toEqual(['At the end of the day', 'was decided']);
    // Changing one word of 'was decided' clears that finding at once.
    const at = anchorsOf(state)[1]!;
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, at.from, at.from + 3)).insertText('is'));
    expect(anchorsOf(state).map((a) => a.quote)).toEqual(['At the end of the day']);
    expect(drawn()).toEqual(['At the end of the day']);
  });

  it('drops a finding whose words are no longer where it says', () => {
    const moved = { ...cliche, from: cliche.from + 1, to: cliche.to + 1 };
    expect(anchorFindings({ doc, findings: [moved, passive] }).map((a) => a.id)).toEqual([passive.id]);
  });
});
