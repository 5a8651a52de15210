import { Selection } from '@tiptap/pm/state';
import { fileAnswerSchema } from '@bree/contracts';
import type { ApiClient } from '../../../lib/api';
import { openDocument } from '../openDocuments';

const following = new Set<string>();

/**
 * The server has `revision` of `fileId` (the presence heartbeat says so): an open editor with
 * nothing unsaved, whose text is older, takes the latest text — a save made in another window or by
 * another person shows within a heartbeat. A key pressed meanwhile wins: the text is left alone and
 * its save meets the conflict choice with both texts, as every stale save does (docs/SAVING.md).
 */
export async function followSave(api: ApiClient, fileId: string, revision: number): Promise<void> {
  const open = openDocument(fileId);
  if (!open || following.has(fileId) || revision <= open.revisionRef.current || open.machine.getState().dirty) return;
  following.add(fileId);
  const { editor, machine, revisionRef } = open;
  const before = editor.state.doc;
  try {
    // The page's own chunk is not imported here (it would split the editor page's code in two).
    const latest = (await api.post('/files/get', { fileId }, { schema: fileAnswerSchema })).file;
    const content = latest.content as { type?: unknown } | null;
    if (editor.isDestroyed || editor.state.doc !== before || machine.getState().dirty || latest.revision <= revisionRef.current) return;
    if (content?.type !== 'doc') return;
    const caret = editor.state.selection.from;
    editor
      .chain()
      // Not an undo step of the writer's: undo goes back through their own edits only.
      .setMeta('addToHistory', false)
      .setContent(content as Record<string, unknown>, { emitUpdate: false })
      .command(({ tr }) => {
        tr.setSelection(Selection.near(tr.doc.resolve(Math.min(caret, tr.doc.content.size))));
        return true;
      })
      .run();
    revisionRef.current = latest.revision;
    machine.markCommitted();
  } catch {
    // Offline, or the document gone: the next heartbeat asks again (or the page says it is gone).
  } finally {
    following.delete(fileId);
  }
}
