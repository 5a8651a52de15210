import { Extension, type Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { loadWithRetry, waitForOnline } from '../../../lib/lazy/retryImport';
import type * as TableEditingModule from './tableEditing';

/**
 * Loads the table's editing (tableEditing.ts) for each editor: at once when its document holds a table or a
 * table is inserted, otherwise when the browser is idle after the page is up, so the writer's first keys
 * never wait for it and a table's Tab is there by the time anyone reaches one.
 */

let loading: Promise<typeof TableEditingModule> | null = null;

/**
 * Gives `editor` the table's editing as soon as its code is in (at once when it already is). Offline, the
 * fetch waits for the network (a page opened from the cache still shows and edits its tables' text), and
 * a load that fails for good is asked again at the next need, never left as an error.
 */
export function ensureTableEditing(editor: Editor): Promise<void> {
  loading ??= waitForOnline().then(() => loadWithRetry(() => import('./tableEditing')));
  return loading.then(
    (module) => module.installTableEditing(editor),
    () => {
      loading = null;
    },
  );
}

function holdsTable(doc: PMNode): boolean {
  let found = false;
  doc.descendants((node) => {
    if (node.type.name === 'table') found = true;
    // Text blocks hold no tables: only containers are walked.
    return !found && !node.isTextblock;
  });
  return found;
}

export const TableEditing = Extension.create({
  name: 'breeTableEditing',
  onCreate() {
    const { editor } = this;
    if (holdsTable(editor.state.doc)) {
      void ensureTableEditing(editor);
      return;
    }
    const load = () => void ensureTableEditing(editor);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 3000 });
    else setTimeout(load, 1000);
  },
});
