import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, RemoveMarkStep, ReplaceStep } from '@tiptap/pm/transform';
import { BLOCK_TYPES } from './schema';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghijkmnopqrstuvwxyz';

/** A short random id (nanoid-like, 12 chars from crypto), unique enough for blocks of one document. */
export function newBlockId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** Meta flag on the transaction that only fills in missing ids (not a user edit, not undoable). */
export const BLOCK_ID_META = 'breeBlockIds';

const blockTypes = new Set<string>(BLOCK_TYPES);

/**
 * A transaction that gives every block without an id, or with an id seen earlier in the
 * document, a fresh one; null when every id is already unique. Earlier blocks keep their id,
 * so after a split the first half keeps it and the new half gets a new one.
 */
export function assignBlockIds(state: EditorState, makeId: () => string = newBlockId): Transaction | null {
  const seen = new Set<string>();
  let tr: Transaction | null = null;
  state.doc.descendants((node, pos) => {
    if (!blockTypes.has(node.type.name)) return true;
    const id = typeof node.attrs.id === 'string' && node.attrs.id ? node.attrs.id : null;
    if (id && !seen.has(id)) {
      seen.add(id);
      return true;
    }
    let fresh = makeId();
    while (seen.has(fresh)) fresh = makeId();
    seen.add(fresh);
    tr ??= state.tr;
    // setNodeAttribute keeps positions stable, so later positions from descendants stay valid.
    tr.setNodeAttribute(pos, 'id', fresh);
    return true;
  });
  if (tr) (tr as Transaction).setMeta(BLOCK_ID_META, true).setMeta('addToHistory', false).setMeta('preventUpdate', true);
  return tr;
}

/**
 * True when a transaction may have added, split, copied or removed a block. Typing, deleting
 * characters and toggling marks inside one textblock cannot, so they skip the whole-document
 * walk: on a long manuscript that walk costs more than a keystroke's frame.
 */
export function mayChangeBlocks(tr: Transaction): boolean {
  return tr.steps.some((step, i) => {
    if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) return false;
    if (!(step instanceof ReplaceStep)) return true;
    const doc = tr.docs[i]!;
    const { from, to, slice } = step as unknown as {
      from: number;
      to: number;
      slice: { openStart: number; openEnd: number; content: { forEach(f: (n: { isInline: boolean }) => void): void } };
    };
    const $from = doc.resolve(from);
    if (!$from.parent.isTextblock || !$from.sameParent(doc.resolve(to))) return true;
    if (slice.openStart !== 0 || slice.openEnd !== 0) return true;
    let blocks = false;
    slice.content.forEach((node) => {
      if (!node.isInline) blocks = true;
    });
    return blocks;
  });
}

/** Keeps a unique `id` on every paragraph, heading, list and list item, through edits, splits and pastes. */
export const BlockIds = Extension.create({
  name: 'breeBlockIds',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('breeBlockIds'),
        appendTransaction(transactions, _old, state) {
          if (!transactions.some((t) => t.docChanged && mayChangeBlocks(t))) return null;
          return assignBlockIds(state);
        },
      }),
    ];
  },
  onCreate() {
    // Content loaded at creation never went through a transaction; give it ids once.
    const tr = assignBlockIds(this.editor.state);
    if (tr) this.editor.view.dispatch(tr);
  },
});
