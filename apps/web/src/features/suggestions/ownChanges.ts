import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { BLOCK_ID_META, diffWords, mayChangeBlocks } from '@bree/editor';
import { textBlocks } from './blocks';

/**
 * Suggesting mode (docs/COLLABORATION.md "Suggestions"): a Commenter edits the words of the text,
 * never its shape (no new, split, joined or removed paragraphs), and sees each of their changes
 * against the text as they found it: added words underlined, removed ones struck through, in place.
 */
export const suggestingKey = new PluginKey<SuggestingState>('breeSuggesting');

export interface SuggestingState {
  /** Each block's text as the Commenter found it (or as the reviewer left it), by block id. */
  base: ReadonlyMap<string, string>;
  decorations: DecorationSet;
}

/** Meta: a new starting text for every block (at start, and after the document is loaded again). */
export interface SuggestingMeta {
  base: ReadonlyMap<string, string>;
}

function deleted(text: string): () => HTMLElement {
  return () => {
    const del = document.createElement('del');
    del.className = 'bree-ai-del bree-suggestion';
    del.title = 'Your suggestion';
    del.textContent = text;
    return del;
  };
}

/** The Commenter's own changes drawn in the text: each changed block diffed word by word against its start. */
export function drawOwnChanges(doc: PmNode, base: ReadonlyMap<string, string>): DecorationSet {
  const decorations: Decoration[] = [];
  for (const block of textBlocks(doc)) {
    const start = base.get(block.id);
    if (start === undefined || start === block.text) continue;
    let pos = block.from;
    for (const run of diffWords(start, block.text)) {
      if (run.kind === 'same') pos += run.text.length;
      else if (run.kind === 'insert') {
        decorations.push(Decoration.inline(pos, pos + run.text.length, { nodeName: 'ins', class: 'bree-ai-ins bree-suggestion', title: 'Your suggestion' }));
        pos += run.text.length;
      } else decorations.push(Decoration.widget(pos, deleted(run.text), { side: -1, key: `own-del-${pos}-${run.text}` }));
    }
  }
  return DecorationSet.create(doc, decorations);
}

const idsOf = (doc: PmNode) => textBlocks(doc).map((b) => b.id);
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Whether a transaction keeps the document's shape: the same blocks, in the same order. */
export function keepsShape(tr: Transaction, before: PmNode): boolean {
  if (!tr.docChanged || tr.getMeta(BLOCK_ID_META) === true || tr.getMeta(suggestingKey)) return true;
  if (!mayChangeBlocks(tr)) return true;
  return sameIds(idsOf(before), idsOf(tr.doc));
}

/** `onShapeRefused` is told each time a change of the document's shape was refused (Enter, joining paragraphs…). */
export function suggestingPlugin({ onShapeRefused }: { onShapeRefused?: () => void } = {}): Plugin<SuggestingState> {
  return new Plugin<SuggestingState>({
    key: suggestingKey,
    state: {
      init: () => ({ base: new Map(), decorations: DecorationSet.empty }),
      apply(tr, value) {
        const meta = tr.getMeta(suggestingKey) as SuggestingMeta | undefined;
        if (!meta && !tr.docChanged) return value;
        const base = meta?.base ?? value.base;
        return { base, decorations: drawOwnChanges(tr.doc, base) };
      },
    },
    filterTransaction: (tr, state) => {
      if (keepsShape(tr, state.doc)) return true;
      onShapeRefused?.();
      return false;
    },
    props: { decorations: (state) => suggestingKey.getState(state)?.decorations },
  });
}
