import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { breeExtensions } from '@bree/editor';
import { currentSection, outlineHeadings, sameOutline, sectionAt } from './outline';

const schema = getSchema(breeExtensions());
const text = (t: string) => ({ type: 'text', text: t });
const p = (t: string) => ({ type: 'paragraph', content: [text(t)] });
const h = (level: number, t: string) => ({ type: 'heading', attrs: { level }, ...(t ? { content: [text(t)] } : {}) });
const docOf = (...blocks: unknown[]) => schema.nodeFromJSON({ type: 'doc', content: blocks });

describe('outlineHeadings', () => {
  it('lists H1–H3 in order with their level, text as written and position', () => {
    const doc = docOf(h(1, 'Title'), p('Intro.'), h(2, 'First  part'), p('Body.'), h(3, 'A detail'));
    const headings = outlineHeadings({ doc });
    expect(headings.map(({ level, text: t }) => [level, t])).toEqual([
      [1, 'Title'],
      [2, 'First  part'],
      [3, 'A detail'],
    ]);
    // Each position is the heading node's own.
    for (const heading of headings) expect(doc.nodeAt(heading.pos)?.type.name).toBe('heading');
  });

  it('leaves out H4–H6 and empty headings', () => {
    const doc = docOf(h(2, 'Kept'), h(4, 'Too deep'), h(6, 'Deeper'), h(2, ''), h(3, '   '), p('Text'));
    expect(outlineHeadings({ doc }).map((x) => x.text)).toEqual(['Kept']);
  });

  it('finds nothing in a document without headings', () => {
    expect(outlineHeadings({ doc: docOf(p('Just words.'), p('More words.')) })).toEqual([]);
  });

  it('reads headings inside a container block, never a code block', () => {
    const doc = docOf(
      { type: 'bulletList', content: [{ type: 'listItem', content: [h(2, 'Nested')] }] },
      { type: 'blockquote', content: [h(3, 'Quoted')] },
      { type: 'codeBlock', content: [text('## not a heading')] },
    );
    expect(outlineHeadings({ doc }).map((x) => x.text)).toEqual(['Nested', 'Quoted']);
  });
});

describe('sameOutline', () => {
  const a = [{ level: 1, text: 'One', pos: 0 }];
  it('ignores positions but not levels or texts', () => {
    expect(sameOutline({ a, b: [{ level: 1, text: 'One', pos: 40 }] })).toBe(true);
    expect(sameOutline({ a, b: [{ level: 2, text: 'One', pos: 0 }] })).toBe(false);
    expect(sameOutline({ a, b: [{ level: 1, text: 'On', pos: 0 }] })).toBe(false);
    expect(sameOutline({ a, b: [] })).toBe(false);
  });
});

describe('sectionAt', () => {
  const headings = [
    { level: 1, text: 'A', pos: 0 },
    { level: 2, text: 'B', pos: 10 },
    { level: 2, text: 'C', pos: 20 },
  ];
  it('is the last heading at or before the position', () => {
    expect(sectionAt({ headings, pos: 0 })).toBe(0);
    expect(sectionAt({ headings, pos: 15 })).toBe(1);
    expect(sectionAt({ headings, pos: 20 })).toBe(2);
    expect(sectionAt({ headings, pos: 99 })).toBe(2);
    expect(sectionAt({ headings: headings.slice(1), pos: 5 })).toBe(-1);
  });
});

describe('currentSection', () => {
  const view = { viewTop: 100, viewBottom: 700, slack: 24 };
  it('is the last heading above the top of the visible text', () => {
    expect(currentSection({ ...view, tops: [-500, -100, 400, 900], caretSection: -1 })).toBe(1);
    // A heading just scrolled to the top counts (within the slack)…
    expect(currentSection({ ...view, tops: [-500, 110, 400], caretSection: -1 })).toBe(1);
    // …one further down does not.
    expect(currentSection({ ...view, tops: [-500, 200, 400], caretSection: -1 })).toBe(0);
  });

  it('is none while every heading is below the top', () => {
    expect(currentSection({ ...view, tops: [300, 600], caretSection: -1 })).toBe(-1);
    expect(currentSection({ ...view, tops: [], caretSection: -1 })).toBe(-1);
  });

  it("prefers the caret's section while its heading is on screen", () => {
    // Near the end of a document the chosen heading cannot reach the top: the caret says which one it is.
    expect(currentSection({ ...view, tops: [-500, 90, 300, 500], caretSection: 3 })).toBe(3);
    // Its heading scrolled out of sight: the scroll position decides again.
    expect(currentSection({ ...view, tops: [-900, -400, -200, 800], caretSection: 3 })).toBe(2);
    expect(currentSection({ ...view, tops: [-900, -400, -200, 50], caretSection: 1 })).toBe(3);
  });
});
