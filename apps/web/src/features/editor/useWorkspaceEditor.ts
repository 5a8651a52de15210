import type { RefObject } from 'react';
import { useEditor } from '@tiptap/react';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { BlockIds, breeExtensions, pastedTextSlice, type SaveMachine } from '@bree/editor';
import { useServices } from '../../app/services';
import { StorableText } from '../../lib/storableText';
import { AiPreview, AskAiKeys } from '../assistant';
import { BlockKeys } from './blockKeys';
import { CaretPlaced } from './caretPlaced';
import { EditorShortcuts, ImageEditing, LinkTarget, TableEditing, withImageView } from './editingExtensions';
import { Find } from './find';
import { markEditedBy } from './markEdited';

/** Id of the editable text: the skip link's target. */
export const EDITOR_TEXT_ID = 'editor-text';

interface Input {
  fileId: string;
  content: unknown;
  machine: SaveMachine;
  /** Set once the writer has changed the text in this visit (leaving then saves first). */
  editedRef: RefObject<boolean>;
  onFind(): void;
  onLink(): void;
  onFocus(): void;
  onBlur(): void;
}

/**
 * The owner's TipTap editor: the shared schema with block ids, undo, the AI preview and keys, find,
 * links, images and tables, every change the writer makes told to the save machine.
 */
export function useWorkspaceEditor({ fileId, content, machine, editedRef, onFind, onLink, onFocus, onBlur }: Input) {
  const { api, tokens } = useServices();
  return useEditor({
    extensions: [
      ...withImageView(breeExtensions()),
      BlockIds,
      UndoRedo,
      AiPreview,
      StorableText,
      Find,
      LinkTarget,
      CaretPlaced,
      AskAiKeys,
      BlockKeys,
      EditorShortcuts.configure({ onFind, onLink }),
      ImageEditing.configure({ fileId, api, tokens }),
      TableEditing,
      Placeholder.configure({ placeholder: 'Start writing…' }),
    ],
    content: content as Record<string, unknown>,
    shouldRerenderOnTransaction: false,
    immediatelyRender: true,
    editorProps: {
      attributes: { id: EDITOR_TEXT_ID, class: 'bree-prose', 'aria-label': 'Document text', 'data-testid': 'editor' },
      clipboardTextParser: (text, _context, _plain, view) => pastedTextSlice(view.state.schema, text),
    },
    onUpdate: ({ transaction }) => {
      if (markEditedBy(machine, transaction)) editedRef.current = true;
    },
    onFocus,
    onBlur,
  });
}
