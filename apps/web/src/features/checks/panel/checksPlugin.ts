/**
 * The findings drawn in the text (docs/CHECKS.md "The Checks panel"): each one underlined in its
 * kind's style with its message as a label, not by colour alone. Its positions follow every edit,
 * and a finding whose words changed goes at once, before the checks run again.
 */
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorState, Transaction } from '@tiptap/pm/state';
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

/** The stretches of the new document an edit replaced or inserted. */
function changedRanges(tr: Transaction): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  tr.mapping.maps.forEach((map, index) => {
    const after = tr.mapping.slice(index + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => ranges.push({ from: after.map(newStart, -1), to: after.map(newEnd, 1) }));
  });
  return ranges;
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
        const active = meta && 'active' in meta ? (meta.active ?? null) : prev.active;
        if (meta?.anchors || !tr.docChanged) {
          const anchors = holding(next.doc, meta?.anchors ?? prev.anchors);
          return { anchors, active, decorations: draw(next.doc, anchors, active) };
        }
        // An edit: every anchor follows it; only those it touched are read again (a keystroke reads one or two).
        const touched = changedRanges(tr);
        let dropped = false;
        const anchors = prev.anchors.flatMap((a) => {
          // Typing at either edge is outside the words: the start sticks right, the end sticks left.
          const moved = { ...a, from: tr.mapping.map(a.from, 1), to: tr.mapping.map(a.to, -1) };
          const near = touched.some((r) => r.from <= moved.to && r.to >= moved.from);
          if (near && holding(next.doc, [moved]).length === 0) {
            dropped = true;
            return [];
          }
          return [moved];
        });
        const decorations = dropped || active !== prev.active ? draw(next.doc, anchors, active) : prev.decorations.map(tr.mapping, next.doc);
        return { anchors, active, decorations };
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
