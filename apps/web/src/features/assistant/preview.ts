import { Extension } from '@tiptap/core';
import type { Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { sentenceAt } from './nodes';
import type { SuggestionTarget } from './nodes';

/** What the document shows around a suggestion: the marked original while generating, or either side after. */
export type PreviewMode = 'pending' | 'original' | 'suggested';

/** The preview's state; its range follows edits made meanwhile. */
export interface PreviewState {
  target: SuggestionTarget;
  mode: PreviewMode;
  paragraphs: string[];
}

/** Plugin key; meta with a PreviewState (or null) sets or clears the preview. */
export const aiPreviewKey = new PluginKey<PreviewState | null>('breeAiPreview');

function mapState(state: PreviewState | null, tr: Transaction): PreviewState | null {
  if (!state || !tr.docChanged) return state;
  const from = tr.mapping.map(state.target.from, 1);
  const to = Math.max(from, tr.mapping.map(state.target.to, -1));
  return { ...state, target: { ...state.target, from, to } };
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

function decorate(doc: Parameters<typeof DecorationSet.create>[0], state: PreviewState): DecorationSet {
  const { target, mode, paragraphs } = state;
  const decorations: Decoration[] = [];
  const ranged = target.from < target.to;
  if (mode === 'pending') {
    if (ranged) decorations.push(Decoration.inline(target.from, target.to, { class: 'bree-ai-pending' }));
    else decorations.push(Decoration.widget(target.from, () => suggestionWidget(['…'], true), { side: 1 }));
  } else if (mode === 'original') {
    if (ranged) decorations.push(Decoration.inline(target.from, target.to, { class: 'bree-ai-original' }));
  } else {
    // The replaced blocks are hidden, not removed: the document itself never holds the preview.
    if (ranged) {
      doc.nodesBetween(target.from, target.to, (node, pos) => {
        decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: 'bree-ai-hidden' }));
        return false;
      });
    }
    // Inline, it shows the sentence exactly as accepting inserts it, spaces included.
    const shown = target.inline ? [sentenceAt(doc, target.to, paragraphs.join(' '))] : paragraphs;
    decorations.push(Decoration.widget(target.to, () => suggestionWidget(shown, target.inline), { side: -1, key: `ai-${shown.join('|').length}` }));
  }
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
