import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Suggestion } from '@bree/contracts';
import { diffWords } from '@bree/editor';
import { mapChanges, type ReviewChange } from '../assistant/review/changes';
import { blockOf, changesOf, textBlocks } from './blocks';

/** One change of one suggestion, where it is in the reviewer's text now. */
export interface SuggestedChange {
  suggestion: Suggestion;
  /** Its place among the suggestion's own changes (a rejection keeps the others). */
  index: number;
  change: ReviewChange;
}

export interface SuggestionReviewState {
  changes: SuggestedChange[];
  /** The change the controls are on (-1 when none). */
  current: number;
  decorations: DecorationSet;
}

export type SuggestionReviewMeta = { type: 'set'; changes: SuggestedChange[]; current: number } | { type: 'current'; index: number };

export const suggestionReviewKey = new PluginKey<SuggestionReviewState>('breeSuggestionReview');

/** The attribute naming the suggested change a decorated stretch belongs to. */
export const SUGGESTED_ATTR = 'data-suggested-change';

/**
 * The suggestions that can be placed in `doc`, change by change in the order of the text, and the
 * ones whose paragraph changed since they were made (they can only be dismissed).
 */
export function placeSuggestions(doc: PmNode, suggestions: readonly Suggestion[]): { changes: SuggestedChange[]; stale: Suggestion[] } {
  const blocks = textBlocks(doc);
  const changes: SuggestedChange[] = [];
  const stale: Suggestion[] = [];
  // One suggestion per block is placed at a time: a second one on the same words waits for the first.
  const taken = new Set<string>();
  for (const s of suggestions) {
    const block = blockOf(blocks, s);
    const placed = block && !taken.has(block.id) ? changesOf(doc, block, s, diffWords) : null;
    if (!placed) {
      if (!block || block.text !== s.baseText) stale.push(s);
      continue;
    }
    taken.add(block!.id);
    placed.forEach((change, index) => changes.push({ suggestion: s, index, change }));
  }
  changes.sort((a, b) => a.change.from - b.change.from);
  return { changes, stale };
}

const whoAndWhen = (s: Suggestion, ago: (iso: string) => string) => `Suggested by ${s.authorName}, ${ago(s.updatedAt)}`;

function inserted(text: string, index: number, className: string, title: string): () => HTMLElement {
  return () => {
    const ins = document.createElement('ins');
    ins.className = className;
    ins.title = title;
    ins.setAttribute(SUGGESTED_ATTR, String(index));
    ins.textContent = text;
    return ins;
  };
}

/** The suggested changes drawn in the text as a rewrite's are: removed words struck through, added ones underlined. */
function decorate(doc: PmNode, changes: readonly SuggestedChange[], current: number, ago: (iso: string) => string): DecorationSet {
  const decorations: Decoration[] = [];
  changes.forEach(({ suggestion, change }, i) => {
    const here = i === current ? ' bree-ai-current' : '';
    const title = whoAndWhen(suggestion, ago);
    if (change.from < change.to)
      decorations.push(
        Decoration.inline(change.from, change.to, { nodeName: 'del', class: `bree-ai-del bree-suggestion${here}`, title, [SUGGESTED_ATTR]: String(i) }),
      );
    if (change.inserted)
      decorations.push(
        Decoration.widget(change.to, inserted(change.inserted, i, `bree-ai-ins bree-suggestion${here}`, title), {
          side: -1,
          key: `sg-${i}-${here}-${change.inserted}`,
        }),
      );
  });
  return DecorationSet.create(doc, decorations);
}

/** The reviewer's plugin: the placed changes follow edits, their decorations draw them. */
export function suggestionReviewPlugin(ago: (iso: string) => string): Plugin<SuggestionReviewState> {
  return new Plugin<SuggestionReviewState>({
    key: suggestionReviewKey,
    state: {
      init: () => ({ changes: [], current: -1, decorations: DecorationSet.empty }),
      apply(tr, value) {
        const meta = tr.getMeta(suggestionReviewKey) as SuggestionReviewMeta | undefined;
        // Nothing to review (most documents): a keystroke costs nothing here.
        if (!meta && value.changes.length === 0) return value;
        let { changes, current } = value;
        if (tr.docChanged) {
          const moved = mapChanges(
            changes.map((c) => c.change),
            tr.mapping,
          );
          changes = changes.map((c, i) => ({ ...c, change: moved[i]! }));
        }
        if (meta?.type === 'set') ({ changes, current } = meta);
        else if (meta?.type === 'current') current = meta.index;
        else if (!tr.docChanged) return value;
        return { changes, current, decorations: decorate(tr.doc, changes, current, ago) };
      },
    },
    props: { decorations: (state) => suggestionReviewKey.getState(state)?.decorations },
  });
}

export const reviewStateOf = (state: EditorState) => suggestionReviewKey.getState(state) ?? null;
