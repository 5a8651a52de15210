import { afterEach, describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { history, undo } from '@tiptap/pm/history';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { EditorView } from '@tiptap/pm/view';
import { breeExtensions } from '@bree/editor';
import { findMatches, getFindState, matchIndexFrom, moveFind, replaceAll, replaceCurrent, findPlugin, selectCurrentMatch, setFindQuery } from './find';

const schema = getSchema(breeExtensions());
const text = (t: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: unknown[]) => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const docOf = (...blocks: unknown[]) => schema.nodeFromJSON({ type: 'doc', content: blocks });
const q = (t: string, caseSensitive = false) => ({ text: t, caseSensitive });
/** The matched strings, to check ranges without counting positions by hand. */
const found = (doc: ReturnType<typeof docOf>, query: ReturnType<typeof q>) => findMatches(doc, query).map((m) => doc.textBetween(m.from, m.to));

describe('findMatches', () => {
  it('finds every match, case-insensitive by default, with exact positions', () => {
    const doc = docOf(p(text('The cat sat. THE END')));
    // Positions: the paragraph opens at 0, its text starts at 1.
    expect(findMatches(doc, q('the'))).toEqual([
      { from: 1, to: 4 },
      { from: 14, to: 17 },
    ]);
    expect(findMatches(doc, q('the', true))).toEqual([]);
    expect(findMatches(doc, q('THE', true))).toEqual([{ from: 14, to: 17 }]);
  });

  it('finds nothing for an empty query', () => {
    expect(findMatches(docOf(p(text('anything'))), q(''))).toEqual([]);
  });

  it('matches across marks inside a block (bold, links)', () => {
    const doc = docOf(p(text('A '), text('bo', [{ type: 'bold' }]), text('ld', [{ type: 'link', attrs: { href: 'https://example.com' } }]), text(' move')));
    expect(found(doc, q('bold'))).toEqual(['bold']);
  });

  it('never matches across blocks or hard breaks', () => {
    const doc = docOf(p(text('end of one')), p(text('two starts')), p(text('line'), { type: 'hardBreak' }, text('break')));
    expect(findMatches(doc, q('onetwo'))).toEqual([]);
    expect(findMatches(doc, q('one two'))).toEqual([]);
    expect(findMatches(doc, q('linebreak'))).toEqual([]);
    expect(found(doc, q('break'))).toEqual(['break']);
  });

  it('finds text in headings and list items', () => {
    const doc = docOf(
      { type: 'heading', attrs: { level: 2 }, content: [text('Plan')] },
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [p(text('plan A'))] },
          { type: 'listItem', content: [p(text('plan B'))] },
        ],
      },
    );
    expect(found(doc, q('plan'))).toEqual(['Plan', 'plan', 'plan']);
  });

  it('treats regular-expression characters literally', () => {
    const doc = docOf(p(text('Cost (approx.) $5.00 or 5x00 [sic] a+b')));
    expect(found(doc, q('(approx.)'))).toEqual(['(approx.)']);
    expect(found(doc, q('5.00'))).toEqual(['5.00']);
    expect(found(doc, q('[sic]'))).toEqual(['[sic]']);
    expect(found(doc, q('a+b'))).toEqual(['a+b']);
    expect(found(doc, q('.'))).toEqual(['.', '.']);
  });

  it('does not overlap matches', () => {
    expect(findMatches(docOf(p(text('aaaa'))), q('aa'))).toHaveLength(2);
  });

  it('handles characters outside the basic plane and accented letters', () => {
    const doc = docOf(p(text('Café 😀 CAFÉ café')));
    expect(found(doc, q('café'))).toEqual(['Café', 'CAFÉ', 'café']);
    expect(found(doc, q('😀'))).toEqual(['😀']);
  });
});

describe('matchIndexFrom', () => {
  const matches = [
    { from: 1, to: 3 },
    { from: 10, to: 12 },
  ];
  it('picks the first match at or after the position, wrapping to the first', () => {
    expect(matchIndexFrom(matches, 0)).toBe(0);
    expect(matchIndexFrom(matches, 5)).toBe(1);
    expect(matchIndexFrom(matches, 10)).toBe(1);
    expect(matchIndexFrom(matches, 11)).toBe(0);
    expect(matchIndexFrom([], 0)).toBe(-1);
  });
});

describe('find plugin in a view', () => {
  let view: EditorView | null = null;
  afterEach(() => {
    view?.destroy();
    view = null;
  });

  function open(doc: ReturnType<typeof docOf>): EditorView {
    const state = EditorState.create({ schema, doc, plugins: [history(), findPlugin()] });
    view = new EditorView(document.createElement('div'), { state });
    return view;
  }

  it('counts, moves with wrap-around and highlights the current match', () => {
    const v = open(docOf(p(text('one fish two fish red fish'))));
    setFindQuery(v, q('fish'));
    expect(getFindState(v.state)).toMatchObject({ current: 0 });
    expect(getFindState(v.state).matches).toHaveLength(3);
    moveFind(v, 1);
    moveFind(v, 1);
    expect(getFindState(v.state).current).toBe(2);
    moveFind(v, 1);
    expect(getFindState(v.state).current).toBe(0);
    moveFind(v, -1);
    expect(getFindState(v.state).current).toBe(2);
    expect(v.dom.querySelectorAll('.bree-find-match')).toHaveLength(3);
    expect(v.dom.querySelectorAll('.bree-find-current')).toHaveLength(1);
  });

  it('starts at the first match after the cursor', () => {
    const v = open(docOf(p(text('fish and more fish'))));
    v.dispatch(v.state.tr.setSelection(TextSelection.create(v.state.doc, 6)));
    setFindQuery(v, q('fish'));
    expect(getFindState(v.state).current).toBe(1);
  });

  it('updates the matches while the document is edited', () => {
    const v = open(docOf(p(text('cat'))));
    setFindQuery(v, q('cat'));
    expect(getFindState(v.state).matches).toHaveLength(1);
    v.dispatch(v.state.tr.insertText(' and cat', 4));
    expect(getFindState(v.state).matches).toHaveLength(2);
  });

  it('replaces one match, keeping its marks, and moves to the next', () => {
    const v = open(docOf(p(text('red', [{ type: 'bold' }]), text(' and red'))));
    setFindQuery(v, q('red'));
    expect(replaceCurrent(v, 'blue')).toBe(true);
    expect(v.state.doc.textContent).toBe('blue and red');
    expect(v.state.doc.nodeAt(1)?.marks.map((m) => m.type.name)).toEqual(['bold']);
    const s = getFindState(v.state);
    expect(s.matches).toHaveLength(1);
    expect(v.state.doc.textBetween(s.matches[s.current]!.from, s.matches[s.current]!.to)).toBe('red');
  });

  it('does not loop on a replacement that contains the query', () => {
    const v = open(docOf(p(text('a a'))));
    setFindQuery(v, q('a'));
    replaceCurrent(v, 'aa');
    expect(v.state.doc.textContent).toBe('aa a');
    // The next current match is the second original one, not the text just written.
    expect(getFindState(v.state).matches[getFindState(v.state).current]).toEqual({ from: 4, to: 5 });
  });

  it('replaces all in one undo step, and an empty replacement deletes only the match', () => {
    const v = open(docOf(p(text('x')), p(text('Tea for two, tea for me'))));
    setFindQuery(v, q('tea'));
    expect(replaceAll(v, 'coffee')).toBe(2);
    expect(v.state.doc.textContent).toBe('xcoffee for two, coffee for me');
    expect(getFindState(v.state).matches).toHaveLength(0);
    undo(v.state, v.dispatch);
    expect(v.state.doc.textContent).toBe('xTea for two, tea for me');

    setFindQuery(v, q('x'));
    replaceAll(v, '');
    expect(v.state.doc.childCount).toBe(2);
    expect(v.state.doc.firstChild?.textContent).toBe('');
  });

  it('selects the current match for the editor when asked', () => {
    const v = open(docOf(p(text('alpha beta'))));
    setFindQuery(v, q('beta'));
    selectCurrentMatch(v);
    expect(v.state.doc.textBetween(v.state.selection.from, v.state.selection.to)).toBe('beta');
  });
});
