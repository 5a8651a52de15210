import type { Transaction } from '@tiptap/pm/state';
import type { SaveMachine } from '@bree/editor';
import { BLOCK_ID_META } from '@bree/editor';

/** The prosemirror-history plugin marks undo/redo transactions with this meta key. */
const HISTORY_META = 'history$';

/**
 * Tells the save machine a transaction changed the text, and whether it counted: a transaction that
 * changes nothing and block ids filled in are not an edit; an undo or redo cancels the pending save and autosave waits until it is done.
 */
export function markEditedBy(machine: SaveMachine, transaction: Transaction): boolean {
  // TipTap's setEditable also emits 'update', with a transaction that changes nothing: no edit.
  if (!transaction.docChanged || transaction.getMeta(BLOCK_ID_META) === true) return false;
  if (transaction.getMeta(HISTORY_META) !== undefined) {
    machine.beginHistoryChange();
    machine.markEdited();
    machine.endHistoryChange();
    return true;
  }
  machine.markEdited();
  return true;
}
