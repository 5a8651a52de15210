import { Extension } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import type { Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { EditorView } from '@tiptap/pm/view';

/** One match: a range of text inside a single block. */
export interface FindMatch {
  from: number;
  to: number;
}

export interface FindQuery {
  text: string;
  caseSensitive: boolean;
}

/** The find bar's state: matches follow every edit, `current` is -1 when there are none. */
export interface FindState {
  query: FindQuery;
  matches: FindMatch[];
  current: number;
  decorations: DecorationSet;
}

type FindAction =
  /** A new query; the current match is the first one at or after `anchor`. */
  | { type: 'query'; query: FindQuery; anchor: number }
  | { type: 'move'; step: 1 | -1 }
  /** After a replacement: the current match is the first one at or after `anchor`. */
  | { type: 'replaced'; anchor: number }
  | { type: 'clear' };

export const findKey = new PluginKey<FindState>('breeFind');

const NO_QUERY: FindQuery = { text: '', caseSensitive: false };
/** Longer queries are cut: nothing a writer types into a find box is that long. */
export const MAX_QUERY_LENGTH = 500;

/** Stands for a non-text inline node (a hard break) so positions stay one-to-one with characters. */
const OBJECT_CHAR = '\ufffc';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every match of `query` in the document, in document order, never overlapping. Matches never
 * cross a block boundary or a hard break; case-insensitive unless asked.
 */
export function findMatches(doc: PMNode, query: FindQuery): FindMatch[] {
  const needle = query.text.slice(0, MAX_QUERY_LENGTH);
  if (!needle) return [];
  const pattern = new RegExp(escapeRegExp(needle), query.caseSensitive ? 'gu' : 'giu');
  const matches: FindMatch[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    let text = '';
    node.forEach((child) => {
      text += child.isText ? (child.text ?? '') : OBJECT_CHAR.repeat(child.nodeSize);
    });
    const start = pos + 1;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      matches.push({ from: start + m.index, to: start + m.index + m[0].length });
    }
    return false;
  });
  return matches;
}

/** Index of the first match starting at or after `pos`, wrapping to the first; -1 without matches. */
export function matchIndexFrom(matches: FindMatch[], pos: number): number {
  if (matches.length === 0) return -1;
  const index = matches.findIndex((m) => m.from >= pos);
  return index === -1 ? 0 : index;
}

function decorate(doc: PMNode, matches: FindMatch[], current: number): DecorationSet {
  if (matches.length === 0) return DecorationSet.empty;
  return DecorationSet.create(
    doc,
    matches.map((m, i) => Decoration.inline(m.from, m.to, { class: i === current ? 'bree-find-match bree-find-current' : 'bree-find-match' })),
  );
}

const EMPTY_STATE: FindState = { query: NO_QUERY, matches: [], current: -1, decorations: DecorationSet.empty };

function applyFind(tr: Transaction, prev: FindState): FindState {
  const action = tr.getMeta(findKey) as FindAction | undefined;
  if (action?.type === 'clear') return EMPTY_STATE;
  const query = action?.type === 'query' ? action.query : prev.query;
  if (!query.text) return action?.type === 'query' ? { ...EMPTY_STATE, query } : prev;

  let { matches, current } = prev;
  if (action?.type === 'query' || action?.type === 'replaced' || tr.docChanged) {
    matches = findMatches(tr.doc, query);
    let anchor: number;
    if (action?.type === 'query' || action?.type === 'replaced') anchor = action.anchor;
    else {
      // Typing elsewhere keeps the same match current; if it was edited away, the next one is.
      const was = prev.matches[prev.current];
      anchor = was ? tr.mapping.map(was.from, -1) : 0;
    }
    current = matchIndexFrom(matches, anchor);
  }
  if (action?.type === 'move' && matches.length > 0) {
    current = (current + action.step + matches.length) % matches.length;
  }
  if (matches === prev.matches && current === prev.current && query === prev.query) return prev;
  return { query, matches, current, decorations: decorate(tr.doc, matches, current) };
}

/** The plugin that finds and highlights matches (decorations only: the document never holds them). */
export function findPlugin(): Plugin<FindState> {
  return new Plugin<FindState>({
    key: findKey,
    state: {
      init: () => EMPTY_STATE,
      apply: (tr, prev) => applyFind(tr, prev),
    },
    props: {
      decorations: (state) => findKey.getState(state)?.decorations ?? DecorationSet.empty,
    },
  });
}

/** TipTap extension adding the find plugin. */
export const Find = Extension.create({
  name: 'breeFind',
  addProseMirrorPlugins() {
    return [findPlugin()];
  },
});

export function getFindState(state: EditorState): FindState {
  return findKey.getState(state) ?? EMPTY_STATE;
}

/** Sets the query; the current match is the first at or after the cursor. */
export function setFindQuery(view: EditorView, query: FindQuery): void {
  view.dispatch(view.state.tr.setMeta(findKey, { type: 'query', query, anchor: view.state.selection.from } satisfies FindAction));
}

/** Moves to the next (1) or previous (-1) match, wrapping around. */
export function moveFind(view: EditorView, step: 1 | -1): void {
  view.dispatch(view.state.tr.setMeta(findKey, { type: 'move', step } satisfies FindAction));
}

/** Removes the highlights. */
export function clearFind(view: EditorView): void {
  view.dispatch(view.state.tr.setMeta(findKey, { type: 'clear' } satisfies FindAction));
}

/** Replaces one range with text, keeping the marks (bold, a link…) of the replaced text's start. */
function replaceRange(tr: Transaction, match: FindMatch, replacement: string): void {
  const from = tr.mapping.map(match.from);
  const to = tr.mapping.map(match.to);
  if (!replacement) {
    tr.delete(from, to);
    return;
  }
  const marks = tr.doc.nodeAt(from)?.marks ?? [];
  tr.replaceWith(from, to, tr.doc.type.schema.text(replacement, marks));
}

/** Replaces the current match and makes the next one current. False when there is none. */
export function replaceCurrent(view: EditorView, replacement: string): boolean {
  const { matches, current } = getFindState(view.state);
  const match = matches[current];
  if (!match) return false;
  const tr = view.state.tr;
  replaceRange(tr, match, replacement);
  tr.setMeta(findKey, { type: 'replaced', anchor: match.from + replacement.length } satisfies FindAction);
  view.dispatch(tr);
  return true;
}

/**
 * Replaces every match in one transaction: one Undo brings them all back. The history is closed
 * on both sides so neither earlier nor later typing joins that undo step. Answers how many.
 */
export function replaceAll(view: EditorView, replacement: string): number {
  const { matches } = getFindState(view.state);
  if (matches.length === 0) return 0;
  const tr = view.state.tr;
  for (const match of matches) replaceRange(tr, match, replacement);
  tr.setMeta(findKey, { type: 'replaced', anchor: 0 } satisfies FindAction);
  view.dispatch(closeHistory(tr));
  view.dispatch(closeHistory(view.state.tr));
  return matches.length;
}

/** Selects the current match (what the find bar leaves selected when it closes). */
export function selectCurrentMatch(view: EditorView): void {
  const { matches, current } = getFindState(view.state);
  const match = matches[current];
  if (!match) return;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, match.from, match.to)));
}

/**
 * Scrolls the current match to the middle of its scroll area when it is out of view or under
 * `cover` (the find bar floating over the text); a match already in plain view does not move.
 */
export function revealCurrentMatch(view: EditorView, cover?: Element | null): void {
  const el = view.dom.querySelector('.bree-find-current');
  if (!(el instanceof HTMLElement)) return;
  const rect = el.getBoundingClientRect();
  let scroller: HTMLElement | null = view.dom.parentElement;
  while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
  const area = scroller ? scroller.getBoundingClientRect() : new DOMRect(0, 0, window.innerWidth, window.innerHeight);
  const bar = cover?.getBoundingClientRect();
  const covered = bar !== undefined && rect.bottom > bar.top && rect.top < bar.bottom && rect.right > bar.left && rect.left < bar.right;
  if (!covered && rect.top >= area.top && rect.bottom <= area.bottom) return;
  const delta = rect.top + rect.height / 2 - (area.top + area.height / 2);
  if (scroller) scroller.scrollTop += delta;
  else window.scrollBy(0, delta);
}
