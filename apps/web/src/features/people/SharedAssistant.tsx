import type { Editor } from '@tiptap/core';
import type { SaveMachine } from '@bree/editor';
import { useIsMobile } from '../../ui';
import { SelectionActions, SuggestionCard, useAssistant } from '../assistant';

/**
 * The assistant's rewrites for an Editor of another account's document (docs/SHARING.md "People"):
 * the same selection actions and suggestion card as the owner's editor; each call is metered to
 * the Editor, never the owner. An accepted suggestion is the Editor's edit, saved as any other.
 */
export function SharedAssistant({ editor, fileId, machine }: { editor: Editor; fileId: string; machine: SaveMachine }) {
  const isMobile = useIsMobile();
  // Block ids are saved as soon as an operation starts, so a result finds its blocks again (as in the owner's editor).
  const assistant = useAssistant(editor, fileId, { onStart: () => machine.markEdited() });
  return (
    <>
      <SelectionActions editor={editor} isMobile={isMobile} busy={assistant.suggestion !== null} onRun={assistant.run} />
      <SuggestionCard editor={editor} assistant={assistant} isMobile={isMobile} />
    </>
  );
}
