import type { Editor } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { ProvenanceAttrs } from '@bree/contracts';
import { markInsertedAsAi } from '@bree/editor';

interface PreviewState {
  /** Where the dictated text goes, mapped through every edit made while recording. */
  pos: number;
  text: string;
}

type PreviewMeta = { text: string } | { clear: true };

const previewKey = new PluginKey<PreviewState | null>('breeDictationPreview');

/**
 * The live words of a dictation, greyed at the caret. They are a decoration, not text: nothing
 * enters the document (or its undo history) until the final text replaces them in one step.
 */
function previewPlugin(start: number): Plugin<PreviewState | null> {
  return new Plugin<PreviewState | null>({
    key: previewKey,
    state: {
      init: () => ({ pos: start, text: '' }),
      apply(tr, value) {
        const meta = tr.getMeta(previewKey) as PreviewMeta | undefined;
        if (meta && 'clear' in meta) return null;
        if (!value) return null;
        const pos = tr.mapping.map(value.pos);
        return meta ? { pos, text: meta.text } : { ...value, pos };
      },
    },
    props: {
      decorations(state) {
        const value = previewKey.getState(state);
        if (!value?.text) return null;
        const widget = () => {
          const span = document.createElement('span');
          span.className = 'bree-dictation-preview';
          span.setAttribute('data-testid', 'dictation-preview');
          span.setAttribute('aria-live', 'polite');
          span.textContent = value.text;
          return span;
        };
        return DecorationSet.create(state.doc, [Decoration.widget(value.pos, widget, { side: 1, key: `preview-${value.text}` })]);
      },
    },
  });
}

/** Shows dictated words greyed at the caret while recording; `finish` puts the final text there as one undo step. */
export function startLivePreview(editor: Editor) {
  const { selection } = editor.state;
  editor.registerPlugin(previewPlugin(selection.to));
  const clear = (tr: Transaction) => tr.setMeta(previewKey, { clear: true } satisfies PreviewMeta);
  const done = () => {
    if (!editor.isDestroyed) editor.unregisterPlugin(previewKey);
  };
  return {
    show(text: string) {
      if (editor.isDestroyed) return;
      editor.view.dispatch(editor.state.tr.setMeta(previewKey, { text } satisfies PreviewMeta).setMeta('addToHistory', false));
    },
    /**
     * Replaces the greyed words by the final paragraphs: one transaction, its own undo step. Polished
     * words carry the polish's provenance mark; the writer's own transcribed words carry none.
     */
    finish(paragraphs: string[], provenance?: ProvenanceAttrs) {
      if (editor.isDestroyed) return;
      const value = previewKey.getState(editor.state);
      if (value && paragraphs.length > 0) {
        const before = editor.state.doc.textBetween(Math.max(0, value.pos - 1), value.pos, '\n', '\n');
        const lead = before && !/\s/.test(before) ? ' ' : '';
        const content =
          paragraphs.length === 1
            ? [{ type: 'text', text: lead + paragraphs[0] }]
            : paragraphs.map((text, i) => ({ type: 'paragraph', content: [{ type: 'text', text: i === 0 ? lead + text : text }] }));
        editor
          .chain()
          .command(({ tr }) => {
            closeHistory(clear(tr));
            return true;
          })
          .insertContentAt(value.pos, content)
          .command(({ tr }) => {
            if (provenance) markInsertedAsAi(tr, 0, provenance);
            return true;
          })
          .run();
      } else editor.view.dispatch(clear(editor.state.tr).setMeta('addToHistory', false));
      done();
    },
    cancel() {
      if (editor.isDestroyed) return;
      editor.view.dispatch(clear(editor.state.tr).setMeta('addToHistory', false));
      done();
    },
  };
}
export type LivePreview = ReturnType<typeof startLivePreview>;
