import { describe, expect, it } from 'vitest';
import type { DocJSON } from './document';
import { AUTO_NAME_MAX_LENGTH, nameFromText, sanitizeName } from './naming';

const text = (t: string): DocJSON => ({ type: 'text', text: t });
const p = (...content: DocJSON[]): DocJSON => ({ type: 'paragraph', content });
const h = (level: number, t: string): DocJSON => ({ type: 'heading', attrs: { level }, content: [text(t)] });
const doc = (...content: DocJSON[]): DocJSON => ({ type: 'doc', content });
const br: DocJSON = { type: 'hardBreak' };

describe('the name an Untitled document takes from its text', () => {
  it('is the first line, settled once the writer has pressed Enter', () => {
    expect(nameFromText(doc(p(text('My trip to Lisbon'))))).toEqual({ name: 'My trip to Lisbon', settled: false });
    expect(nameFromText(doc(p(text('My trip to Lisbon')), p()))).toEqual({ name: 'My trip to Lisbon', settled: true });
    expect(nameFromText(doc(p(text('My trip to Lisbon')), p(text('It rained.'))))).toEqual({ name: 'My trip to Lisbon', settled: true });
  });

  it('is the heading when the document opens with one, joining its marked pieces', () => {
    const bold: DocJSON = { type: 'text', text: 'Lisbon', marks: [{ type: 'bold' }] };
    expect(nameFromText(doc({ type: 'heading', attrs: { level: 1 }, content: [text('Notes on '), bold] }, p(text('Day one'))))).toEqual({
      name: 'Notes on Lisbon',
      settled: true,
    });
    expect(nameFromText(doc(h(2, 'Chapter one')))).toEqual({ name: 'Chapter one', settled: false });
  });

  it('ends at a hard break (Shift+Enter) and skips empty lines and blocks', () => {
    expect(nameFromText(doc(p(text('Dear Ana,'), br, text('thank you'))))).toEqual({ name: 'Dear Ana', settled: true });
    expect(nameFromText(doc(p(), p(text('   ')), p(text('First words'))))).toEqual({ name: 'First words', settled: false });
  });

  it('reads list items and skips lines with nothing to name it by', () => {
    const list: DocJSON = {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [p(text('Buy milk'))] },
        { type: 'listItem', content: [p(text('Eggs'))] },
      ],
    };
    expect(nameFromText(doc(list))).toEqual({ name: 'Buy milk', settled: true });
    expect(nameFromText(doc(p(text('...')), p(text('Real title'))))).toEqual({ name: 'Real title', settled: false });
  });

  it('is null while the document has no text', () => {
    expect(nameFromText(doc(p()))).toBeNull();
    expect(nameFromText(doc(p(text(' \u200b ')), p()))).toBeNull();
  });

  it('cuts a long first line where a phrase ends, which settles it', () => {
    const line = 'It was the best of times, it was the worst of times, it was the age of wisdom';
    const named = nameFromText(doc(p(text(line))));
    expect(named).toEqual({ name: 'It was the best of times, it was the worst of times', settled: true });
    expect(Array.from(named!.name).length).toBeLessThanOrEqual(AUTO_NAME_MAX_LENGTH);
    // One very long word is cut at the limit.
    expect(sanitizeName('x'.repeat(200)).name).toHaveLength(AUTO_NAME_MAX_LENGTH);
    // Never half an emoji.
    expect(Array.from(sanitizeName('🙂'.repeat(80)).name)).toHaveLength(AUTO_NAME_MAX_LENGTH);
  });
});

describe('sanitizeName', () => {
  it('keeps a name usable as a path: no separators, controls or leading dots', () => {
    expect(sanitizeName('Q1/Q2 plan\\draft').name).toBe('Q1-Q2 plan-draft');
    expect(sanitizeName('..hidden').name).toBe('hidden');
    expect(sanitizeName('Tab\there\u0007 bell').name).toBe('Tab here bell');
    expect(sanitizeName('  lots   of   space  ').name).toBe('lots of space');
  });

  it('drops trailing sentence punctuation but keeps questions and exclamations', () => {
    expect(sanitizeName('Dear Ana,').name).toBe('Dear Ana');
    expect(sanitizeName('The end.').name).toBe('The end');
    expect(sanitizeName('Why write?').name).toBe('Why write?');
    expect(sanitizeName('Finally!').name).toBe('Finally!');
  });

  it('never names a document into the hidden __UNASSIGNED__ files', () => {
    expect(sanitizeName('__UNASSIGNED__notes').name).toBe('notes');
    expect(sanitizeName('Unassigned tasks').name).toBe('Unassigned tasks');
  });
});
