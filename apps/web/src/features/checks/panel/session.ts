/**
 * What the Checks panel keeps while the document stays open, per editor: the scope checked, the
 * AI's findings, the voice share at opening and the finding last chosen. The panel unmounts when
 * the phone's sheet closes to show a finding's words; opening it again finds all of this.
 */
import type { Editor } from '@tiptap/core';
import type { CheckFinding } from '@bree/contracts';

export interface ChecksSession {
  /** Ids of the blocks checked; null for the whole document. */
  scope: string[] | null;
  ai: CheckFinding[];
  /** The share of the author's own sentences at the panel's first run (undefined until then). */
  opening: number | null | undefined;
  /** The finding chosen last: focus goes back to it ('Back to the list'). */
  chosen: string | null;
  /** Where its words were when chosen: the selection still there means 'back to the list', not a new scope. */
  chosenRange: { from: number; to: number } | null;
}

const sessions = new WeakMap<Editor, ChecksSession>();

/** The session of this editor, started on first use. */
export function checksSession(editor: Editor): ChecksSession {
  let session = sessions.get(editor);
  if (!session) {
    session = { scope: null, ai: [], opening: undefined, chosen: null, chosenRange: null };
    sessions.set(editor, session);
  }
  return session;
}
