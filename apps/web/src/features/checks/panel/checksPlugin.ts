/**
 * The findings drawn in the text (docs/CHECKS.md "The Checks panel"): each one underlined in its
 * kind's style with its message as a label, not by colour alone. Its positions follow every edit,
 * and a finding whose words changed goes at once, before the checks run again.
 *
 * Typing speed (docs/CHECKS.md "Typing speed"): only the findings near what is on screen are drawn
 * (a long draft's thousands of underlines would be thousands of elements the browser and React walk at
 * every keystroke), and the drawing changes only where findings came or went.
 */
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { Anchor } from './anchors';
import { textAt } from './anchors';
import { KIND_LABELS } from './panelState';

/** A stretch of the document: the part near the screen where findings are drawn. */
export interface DrawWindow {
  from: number;
  to: number;
}

interface ChecksState {
  /** Every finding in the text, drawn or not. */
  anchors: Anchor[];
  /** The finding chosen in the list: drawn stronger, and drawn wherever it is. */
  active: string | null;
  /** Where findings are drawn; null: everywhere. */
  window: DrawWindow | null;
  decorations: DecorationSet;
  /** Bumped when the set of findings in the text changes (one goes, new ones come), not when they only move. */
  version: number;
}

/** What the panel sends: all the anchors anew, or only those that came and went (by id); the chosen finding; where to draw. */
export interface ChecksMeta {
  anchors?: Anchor[];
  add?: Anchor[];
  remove?: readonly string[];
  active?: string | null;
  window?: DrawWindow | null;
}

export const checksKey = new PluginKey<ChecksState>('breeChecks');

function decorationOf(a: Anchor, active: string | null): Decoration {
  return Decoration.inline(
    a.from,
    a.to,
    {
      class: `bree-check bree-check-${a.kind}${a.id === active ? ' bree-check-active' : ''}`,
      'data-check-id': a.id,
      'data-check-label': KIND_LABELS[a.kind],
      title: `${KIND_LABELS[a.kind]}: ${a.message}`,
    },
    { id: a.id },
  );
}

/** The decorations of these anchors in `set` (found by their place, told apart by id). */
function decorationsOf(set: DecorationSet, anchors: readonly Anchor[]): Decoration[] {
  return anchors.flatMap((a) => set.find(a.from, a.to, (spec: { id?: string }) => spec.id === a.id));
}

/** Anchors that still hold their words in `doc`. */
function holding(doc: PmNode, anchors: Anchor[]): Anchor[] {
  return anchors.filter((a) => a.from < a.to && textAt({ doc, from: a.from, to: a.to }) === a.quote);
}

const shows = (a: Anchor, window: DrawWindow | null, active: string | null) => a.id === active || !window || (a.to >= window.from && a.from <= window.to);
/** What a drawn finding looks like: where it is and whether it is the chosen one. */
const drawnKey = (a: Anchor, active: string | null) => `${a.id}\n${a.from}\n${a.to}${a.id === active ? '\n*' : ''}`;

/** The next state: its decorations changed only for the findings whose drawing changed. */
function redraw(
  doc: PmNode,
  prev: ChecksState,
  next: { anchors: Anchor[]; active: string | null; window: DrawWindow | null; setChanged: boolean },
): ChecksState {
  const was = prev.anchors.filter((a) => shows(a, prev.window, prev.active));
  const will = next.anchors.filter((a) => shows(a, next.window, next.active));
  const wasKeys = new Set(was.map((a) => drawnKey(a, prev.active)));
  const willKeys = new Set(will.map((a) => drawnKey(a, next.active)));
  const gone = was.filter((a) => !willKeys.has(drawnKey(a, prev.active)));
  const come = will.filter((a) => !wasKeys.has(drawnKey(a, next.active)));
  const decorations =
    gone.length === 0 && come.length === 0
      ? prev.decorations
      : prev.decorations.remove(decorationsOf(prev.decorations, gone)).add(
          doc,
          come.map((a) => decorationOf(a, next.active)),
        );
  const { setChanged, ...rest } = next;
  return { ...rest, decorations, version: setChanged ? prev.version + 1 : prev.version };
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

/** An edit: every anchor follows it; only those it touched are read again (a keystroke reads one or two). */
function followEdit(tr: Transaction, prev: ChecksState, doc: PmNode): ChecksState {
  const touched = changedRanges(tr);
  const dropped: Anchor[] = [];
  const anchors = prev.anchors.flatMap((a) => {
    // Typing at either edge is outside the words: the start sticks right, the end sticks left.
    const moved = { ...a, from: tr.mapping.map(a.from, 1), to: tr.mapping.map(a.to, -1) };
    const near = touched.some((r) => r.from <= moved.to && r.to >= moved.from);
    if (near && holding(doc, [moved]).length === 0) {
      dropped.push(moved);
      return [];
    }
    return [moved];
  });
  const window = prev.window && { from: tr.mapping.map(prev.window.from, -1), to: tr.mapping.map(prev.window.to, 1) };
  const mapped = prev.decorations.map(tr.mapping, doc);
  const decorations = dropped.length === 0 ? mapped : mapped.remove(decorationsOf(mapped, dropped));
  return { anchors, active: prev.active, window, decorations, version: dropped.length === 0 ? prev.version : prev.version + 1 };
}

/** The state after the panel's message: new anchors are read against the text, the ones already there were read at every edit near them. */
function receive(doc: PmNode, prev: ChecksState, meta: ChecksMeta): ChecksState {
  const active = 'active' in meta ? (meta.active ?? null) : prev.active;
  const window = 'window' in meta ? (meta.window ?? null) : prev.window;
  if (meta.anchors) {
    const there = new Set(prev.anchors.map((a) => drawnKey(a, null)));
    const anchors = meta.anchors.filter((a) => there.has(drawnKey(a, null)) || holding(doc, [a]).length > 0);
    const setChanged = anchors.length !== prev.anchors.length || anchors.some((a) => !there.has(drawnKey(a, null)));
    return redraw(doc, prev, { anchors, active, window, setChanged });
  }
  if (meta.add || meta.remove) {
    const going = new Set(meta.remove ?? []);
    const come = holding(doc, meta.add ?? []);
    const anchors = [...prev.anchors.filter((a) => !going.has(a.id)), ...come];
    return redraw(doc, prev, { anchors, active, window, setChanged: come.length > 0 || anchors.length !== prev.anchors.length });
  }
  return redraw(doc, prev, { anchors: prev.anchors, active, window, setChanged: false });
}

/** The plugin: added while the checks are open (editor.registerPlugin). */
export function createChecksPlugin(): Plugin<ChecksState> {
  return new Plugin<ChecksState>({
    key: checksKey,
    state: {
      init: (_config, state) => ({ anchors: [], active: null, window: null, decorations: DecorationSet.create(state.doc, []), version: 0 }),
      apply(tr, prev, _old, next) {
        const meta = tr.getMeta(checksKey) as ChecksMeta | undefined;
        const followed = tr.docChanged ? followEdit(tr, prev, next.doc) : prev;
        return meta ? receive(next.doc, followed, meta) : followed;
      },
    },
    props: {
      decorations: (state) => checksKey.getState(state)?.decorations,
    },
  });
}

/** Changes when the findings in the text change (not when they only move): cheap to compare at every transaction. */
export function checksVersion(state: EditorState): number {
  return checksKey.getState(state)?.version ?? -1;
}

/** The anchors in the text now (empty while the plugin is not added). */
export function anchorsOf(state: EditorState): Anchor[] {
  return checksKey.getState(state)?.anchors ?? [];
}

/** Where findings are drawn now (null: everywhere). */
export function drawWindowOf(state: EditorState): DrawWindow | null {
  return checksKey.getState(state)?.window ?? null;
}
