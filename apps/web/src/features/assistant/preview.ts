import { Extension } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { EditorView } from '@tiptap/pm/view';
import { cardSlotPos, mapTarget, sentenceAt } from './nodes';
import type { SuggestionTarget, TextRange } from './nodes';

/** What the document shows around a suggestion: the marked original while generating, or either side after. */
export type PreviewMode = 'pending' | 'original' | 'suggested';

/** The preview's state; its range follows edits made meanwhile. */
export interface PreviewState {
  target: SuggestionTarget;
  mode: PreviewMode;
  paragraphs: string[];
  /** Shown as a word-level difference to review (docs/ASSISTANT.md "Reviewing a rewrite"): the review's plugin draws the text. */
  review?: boolean;
}

/** Plugin key; meta with a PreviewState (or null) sets or clears the preview. */
export const aiPreviewKey = new PluginKey<PreviewState | null>('breeAiPreview');

/** The attribute naming the space kept in the text for the suggestion card. */
export const CARD_SLOT_ATTR = 'data-ai-card-slot';

function mapState(state: PreviewState | null, tr: Transaction): PreviewState | null {
  if (!state || !tr.docChanged) return state;
  return { ...state, target: mapTarget(state.target, tr.mapping) };
}

function suggestionWidget(paragraphs: string[], inline: boolean): HTMLElement {
  if (inline) {
    const span = document.createElement('span');
    span.className = 'bree-ai-suggested';
    span.textContent = paragraphs.join(' ');
    return span;
  }
  const box = document.createElement('div');
  box.className = 'bree-ai-suggested';
  box.setAttribute('data-testid', 'ai-preview');
  for (const text of paragraphs) {
    const p = document.createElement('p');
    p.textContent = text;
    box.appendChild(p);
  }
  return box;
}

/** New text for a selected stretch, shown in the line where it goes; paragraphs beyond the first start on a line of their own. */
function replacementWidget(paragraphs: string[]): HTMLElement {
  const box = document.createElement('span');
  box.className = 'bree-ai-suggested';
  box.setAttribute('data-testid', 'ai-preview');
  paragraphs.forEach((text, i) => {
    if (i > 0) {
      const gap = document.createElement('span');
      gap.className = 'bree-ai-break';
      box.appendChild(gap);
    }
    const span = document.createElement('span');
    span.textContent = text;
    box.appendChild(span);
  });
  return box;
}

/** Card heights per editor, so a slot drawn again keeps its space. */
const slotHeights = new WeakMap<EditorView, number>();

function cardSlot(view: EditorView): HTMLElement {
  const slot = document.createElement('div');
  slot.className = 'bree-ai-card-slot';
  slot.setAttribute(CARD_SLOT_ATTR, '');
  slot.setAttribute('aria-hidden', 'true');
  slot.contentEditable = 'false';
  slot.style.height = `${slotHeights.get(view) ?? 0}px`;
  return slot;
}

/** Keeps `px` of space in the text under the suggestion for the card, so it covers none of the text after it. */
export function setCardSlotHeight(editor: Editor, px: number): void {
  if (editor.isDestroyed) return;
  slotHeights.set(editor.view, px);
  const slot = cardSlotElement(editor);
  if (slot && slot.style.height !== `${px}px`) slot.style.height = `${px}px`;
}

/** The space kept for the card, while a suggestion is open. */
export function cardSlotElement(editor: Editor): HTMLElement | null {
  return editor.isDestroyed ? null : editor.view.dom.querySelector<HTMLElement>(`[${CARD_SLOT_ATTR}]`);
}

/**
 * Hides the text of [from, to): a text block entirely inside it is hidden whole, unless it holds
 * `keep` (where the new text is shown); other text is hidden where it is.
 */
function hideRange(doc: PmNode, { from, to }: TextRange, keep: number, decorations: Decoration[]): void {
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    const start = pos + 1;
    const end = start + node.content.size;
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (a === start && b === end && (keep < start || keep > end)) decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: 'bree-ai-hidden' }));
    else if (a < b) decorations.push(Decoration.inline(a, b, { class: 'bree-ai-hidden' }));
    return false;
  });
}

function decorate(doc: PmNode, state: PreviewState): DecorationSet {
  const { target, mode, paragraphs } = state;
  const decorations: Decoration[] = [];
  const ranges = target.kind === 'text' ? target.ranges : [target];
  if (mode === 'pending' || mode === 'original') {
    const className = mode === 'pending' ? 'bree-ai-pending' : 'bree-ai-original';
    for (const r of ranges) if (r.from < r.to) decorations.push(Decoration.inline(r.from, r.to, { class: className }));
    if (mode === 'pending' && target.from === target.to) decorations.push(Decoration.widget(target.from, () => suggestionWidget(['…'], true), { side: 1 }));
  } else if (state.review) {
    // Under review the original stays in place and review/reviewPlugin.ts draws the changes in it.
  } else if (target.kind === 'text') {
    // Only the selected text is hidden and replaced; the rest of its paragraph stays in view.
    if (paragraphs.length === target.ranges.length) {
      target.ranges.forEach((r, i) => {
        const text = paragraphs[i]!;
        hideRange(doc, r, r.to, decorations);
        decorations.push(Decoration.widget(r.to, () => replacementWidget([text]), { side: -1, key: `ai-${i}:${text}` }));
      });
    } else {
      hideRange(doc, target, target.to, decorations);
      decorations.push(Decoration.widget(target.to, () => replacementWidget(paragraphs), { side: -1, key: `ai-all:${paragraphs.join('\n')}` }));
    }
  } else {
    // The replaced blocks are hidden, not removed: the document itself never holds the preview.
    if (target.from < target.to) {
      doc.nodesBetween(target.from, target.to, (node, pos) => {
        decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: 'bree-ai-hidden' }));
        return false;
      });
    }
    // Inline, it shows the sentence exactly as accepting inserts it, spaces included.
    const inline = target.kind === 'inline';
    const shown = inline ? [sentenceAt(doc, target.to, paragraphs.join(' '))] : paragraphs;
    decorations.push(Decoration.widget(target.to, () => suggestionWidget(shown, inline), { side: -1, key: `ai-${shown.join('|').length}` }));
  }
  // The card's space, right under the suggestion: the text after it moves down instead of being covered.
  decorations.push(Decoration.widget(cardSlotPos(doc, target), cardSlot, { side: 1, key: 'ai-card-slot', ignoreSelection: true, stopEvent: () => true }));
  return DecorationSet.create(doc, decorations);
}

/** TipTap extension drawing the suggestion preview as decorations, so autosave never sees it. */
export const AiPreview = Extension.create({
  name: 'aiPreview',
  addProseMirrorPlugins() {
    return [
      new Plugin<PreviewState | null>({
        key: aiPreviewKey,
        state: {
          init: () => null,
          apply(tr, value) {
            const meta = tr.getMeta(aiPreviewKey) as PreviewState | null | undefined;
            return meta === undefined ? mapState(value, tr) : meta;
          },
        },
        props: {
          decorations(state) {
            const preview = aiPreviewKey.getState(state);
            return preview ? decorate(state.doc, preview) : null;
          },
        },
      }),
    ];
  },
});

/** Sets (or clears) the preview with a transaction that changes no text and is kept out of undo. */
export function setPreview(editor: Editor, state: PreviewState | null): void {
  if (editor.isDestroyed) return;
  editor.view.dispatch(editor.state.tr.setMeta(aiPreviewKey, state).setMeta('addToHistory', false));
}

/** The current preview, with its range mapped through edits. */
export function getPreview(editor: Editor): PreviewState | null {
  return aiPreviewKey.getState(editor.state) ?? null;
}
