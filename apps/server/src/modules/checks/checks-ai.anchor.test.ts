import { checkFindingId } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import { anchorFindings, anchorQuote, parseModelFindings } from './checks-ai.anchor';

describe('anchoring the AI checks findings', () => {
  it('finds an exact quote first, at its first place', () => {
    expect(anchorQuote({ text: 'A cat. A cat sat.', quote: 'A cat' })).toEqual({ from: 0, to: 5 });
    expect(anchorQuote({ text: 'The sky is green.', quote: 'is green' })).toEqual({ from: 8, to: 16 });
  });

  it('finds a quote that differs only in spacing, quote marks, dashes or the ellipsis, and spans the original words', () => {
    const text = 'She said “no”  —\u00a0then left… for good.';
    const at = anchorQuote({ text, quote: ' She said "no" - then left...' })!;
    expect(text.slice(at.from, at.to)).toBe('She said “no”  —\u00a0then left…');
    const line = anchorQuote({ text: 'one\ntwo   three', quote: 'one two three' })!;
    expect(line).toEqual({ from: 0, to: 15 });
  });

  it('finds nothing for words not in the text, or an empty quote', () => {
    expect(anchorQuote({ text: 'The sky is green.', quote: 'the sky' })).toBeNull();
    expect(anchorQuote({ text: 'The sky is green.', quote: '   ' })).toBeNull();
  });

  it('reads the JSON in <findings> tags (or fenced, or bare), keeping only well-formed findings', () => {
    const item = { rule: 'clarity', blockId: 'b', quote: 'x', message: 'm' };
    expect(
      parseModelFindings(`Sure.\n<findings>${JSON.stringify({ findings: [item, { rule: 'grammar', blockId: 'b', quote: 'x', message: 'm' }] })}</findings>`),
    ).toEqual([item]);
    expect(parseModelFindings('```json\n' + JSON.stringify({ findings: [item] }) + '\n```')).toEqual([item]);
    expect(parseModelFindings(JSON.stringify([item]))).toEqual([item]);
    expect(parseModelFindings('It reads well.')).toBeNull();
    expect(parseModelFindings('<findings>{"findings": 3}</findings>')).toBeNull();
  });

  it('answers findings in reading order with their offsets and ids, each once, dropping unknown blocks and lost quotes', () => {
    const first = { id: 'b1', type: 'paragraph', text: 'Alpha beta. Gamma delta.' };
    const second = { id: 'b2', type: 'paragraph', text: 'Epsilon.' };
    const blocks = new Map([
      ['b1', { block: first, order: 0 }],
      ['b2', { block: second, order: 1 }],
    ]);
    const found = anchorFindings({
      blocks,
      findings: [
        { rule: 'clarity', blockId: 'b2', quote: 'Epsilon', message: 'Second block.', explanation: 'Why.' },
        { rule: 'logic-gap', blockId: 'b1', quote: 'Gamma delta.', message: 'Later in the first.' },
        { rule: 'logic-gap', blockId: 'b1', quote: 'Gamma delta.', message: 'The same again.' },
        { rule: 'unsupported-claim', blockId: 'b1', quote: 'Alpha', message: 'First.' },
        { rule: 'clarity', blockId: 'b9', quote: 'Alpha', message: 'Unknown block.' },
        { rule: 'clarity', blockId: 'b1', quote: 'Omega', message: 'Not there.' },
      ],
    });
    expect(found.map((f) => [f.blockId, f.from, f.to, f.quote, f.message])).toEqual([
      ['b1', 0, 5, 'Alpha', 'First.'],
      ['b1', 12, 24, 'Gamma delta.', 'Later in the first.'],
      ['b2', 0, 7, 'Epsilon', 'Second block.'],
    ]);
    expect(found[2]).toMatchObject({ id: checkFindingId({ rule: 'clarity', blockId: 'b2', quote: 'Epsilon' }), detail: 'Why.' });
    expect(found[0]).not.toHaveProperty('detail');
  });
});
