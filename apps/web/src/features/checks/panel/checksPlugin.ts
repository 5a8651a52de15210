/**
 * The findings drawn in the text (docs/CHECKS.md "The Checks panel"): each one underlined in its
 * kind's style with its message as a label, not by colour alone. Its positions follow every edit,
 * and a finding whose words changed goes at once, before the checks run again.
 */
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Anchor } from './anchors';
import { textAt } from './anchors';
import { KIND_LABELS } from './panelState';

interface ChecksState {
  anchors: Anchor[];
  /** The finding chosen in the list: drawn stronger. */
  active: string | null;
  decorations: DecorationSet;
}

/** What the panel sends: new anchors, the chosen finding, or both. */
export interface ChecksMeta {
  anchors?: Anchor[];
  active?: string | null;
}

export const checksKey = new PluginKey<ChecksState>('breeChecks');

function draw(doc: PmNode, anchors: Anchor[], active: string | null): DecorationSet {
  return DecorationSet.create(
    doc,
    anchors.map((a) =>
      Decoration.inline(a.from, a.to, {
        class: `bree-check bree-check-${a.kind}${a.id === active ? ' bree-check-active' : ''}`,
        'data-check-id': a.id,
        'data-check-label': KIND_LABELS[a.kind],
        title: `${KIND_LABELS[a.kind]}: ${a.message}`,
      }),
    ),
  );
}

/** Anchors that still hold their words in `doc`. */
function holding(doc: PmNode, anchors: Anchor[]): Anchor[] {
  return anchors.filter((a) => a.from < a.to && textAt({ doc, from: a.from, to: a.to }) === a.quote);
}

/** The plugin: added while the checks are open (editor.registerPlugin). */
export function createChecksPlugin(): Plugin<ChecksState> {
  return new Plugin<ChecksState>({
    key: checksKey,
    state: {
      init: (_config, state) => ({ anchors: [], active: null, decorations: DecorationSet.create(state.doc, []) }),
      apply(tr, prev, _old, next) {
        const meta = tr.getMeta(checksKey) as ChecksMeta | undefined;
        if (!meta && !tr.docChanged) return prev;
        let anchors = prev.anchors;
        if (tr.docChanged) {
          // Typing at either edge is outside the words: the start sticks right, the end sticks left.
          anchors = anchors.map((a) => ({ ...a, from: tr.mapping.map(a.from, 1), to: tr.mapping.map(a.to, -1) }));
        }
        if (meta?.anchors) anchors = meta.anchors;
        anchors = holding(next.doc, anchors);
        const active = meta && 'active' in meta ? (meta.active ?? null) : prev.active;
        return { anchors, active, decorations: draw(next.doc, anchors, active) };
      },
    },
    props: {
      decorations: (state) => checksKey.getState(state)?.decorations,
    },
  });
}

/** The anchors in the text now (empty while the plugin is not added). */
export function anchorsOf(state: EditorState): Anchor[] {
  return checksKey.getState(state)?.anchors ?? [];
}
