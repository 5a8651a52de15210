import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { BlockIds, breeExtensions, pastedTextSlice } from '@bree/editor';
import { useServices } from '../../app/services';
import { useIsMobile } from '../../ui';
import { CommentBubble, CommentsColumn, CommentsLive, CommentsProvider, CommentsSheet } from '../comments';
import { toEditorContent } from '../editor/EditorPage';
import { SuggestingMode, SuggestionReview } from '../suggestions';
import { AiPreview } from '../assistant';
import { SharedAssistant } from './SharedAssistant';
import { sharedFile } from './api';
import { ROLE_LABELS } from './roles';
import { useRoleLoss } from './useRoleLoss';
import { StorableText } from '../../lib/storableText';
import { ConflictDialog } from '../editor/ConflictDialog';
import { SaveIndicator } from '../editor/SaveIndicator';
import { ImageEditing, withImageView } from '../editor/editingExtensions';
import { markEditedBy } from '../editor/markEdited';
import { useOpenDocument } from '../editor/openDocuments';
import { useAutosave, type ConflictInfo } from '../editor/useAutosave';
import { useConflictChoice } from '../editor/useConflictChoice';
import { useBeforeUnload, useOfflineSync } from '../editor/useOfflineSync';
import '../editor/editor.css';

export interface SharedEditorProps {
  fileId: string;
  /** The caller's own tenant: the local copy of unsent words is kept under it. */
  tenantId: string;
  content: unknown;
  revision: number;
  /** `content` is this browser's unsent copy, based on `revision`: it is saved at once (a conflict if the text moved on). */
  fromOffline: boolean;
  /** An Editor writes; a Viewer or a Commenter reads. Follows a role the owner changes. */
  editable: boolean;
  /** A Commenter: their edits become suggestions, never saves. */
  suggesting: boolean;
  /** The document is no longer there for the caller (deleted, or access removed): a save found nothing. */
  onGone(): void;
  /** The page's header: inside the document's comments, so its Comments toggle reaches them. */
  header: ReactNode;
}

/**
 * Another account's document as an invitee sees it: the same text and schema as the owner's editor,
 * saved through the one save path (autosave, local copy, conflict choice), without the owner's
 * panels, AI or sharing (docs/SHARING.md "People").
 */
export function SharedEditor({ fileId, tenantId, content, revision, fromOffline, editable, suggesting, onGone, header }: SharedEditorProps) {
  const { api, tokens } = useServices();
  // Only an Editor's window saves; a Commenter types too, but as suggestions (features/suggestions).
  const saves = useRef(editable);
  saves.current = editable;
  const isMobile = useIsMobile();
  const editorRef = useRef<Editor | null>(null);
  const revisionRef = useRef(revision);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const { machine, saveState } = useAutosave({
    api,
    tenantId,
    fileId,
    editorRef,
    revisionRef,
    onConflict: setConflict,
    onDeleted: onGone,
    unsavedAtStart: fromOffline,
  });

  const editor = useEditor({
    extensions: [
      ...withImageView(breeExtensions()),
      BlockIds,
      UndoRedo,
      AiPreview,
      StorableText,
      // Images are read with the reader's token (the owner's images, through the grant); an Editor also adds them by paste or drop.
      ImageEditing.configure({ fileId, api, tokens, canChange: () => saves.current }),
      Placeholder.configure({ placeholder: 'Start writing…' }),
    ],
    content: content as Record<string, unknown>,
    // A Commenter's window opens for typing once suggesting mode has loaded (SuggestingMode).
    editable,
    shouldRerenderOnTransaction: false,
    immediatelyRender: true,
    editorProps: {
      attributes: { class: 'bree-prose', 'aria-label': 'Document text', 'data-testid': 'editor', 'aria-readonly': String(!editable && !suggesting) },
      clipboardTextParser: (text, _context, _plain, view) => pastedTextSlice(view.state.schema, text),
    },
    onUpdate: ({ editor: current, transaction }) => {
      // A reader's window never saves: what changes the text there (block ids filled in on open, a Commenter's suggestions) is not theirs to keep.
      if (saves.current && current.isEditable) markEditedBy(machine, transaction);
    },
  });
  editorRef.current = editor;
  // The owner's saves show in a Viewer's or an Editor's window; a Commenter's follows decisions (SuggestingMode).
  useOpenDocument(fileId, editor, machine, revisionRef, !suggesting);
  // Without emitting 'update': opening the page is no edit (it saved the unchanged text, a conflict for the owner).
  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);
  const readLatest = useCallback(async () => toEditorContent((await sharedFile(api, fileId)).content), [api, fileId]);
  // Marked before the sync below runs (effects run in order), so the page-load flush sends them (as EditorWorkspace does).
  useEffect(() => {
    if (fromOffline) machine.markEdited();
  }, [fromOffline, machine]);
  useOfflineSync({ machine, tenantId, fileId });
  useBeforeUnload(machine);

  const loadCommitted = useCallback(
    (next: unknown, nextRevision: number) => {
      editor.commands.setContent(next as Record<string, unknown>, { emitUpdate: false });
      revisionRef.current = nextRevision;
      machine.markCommitted();
    },
    [editor, machine],
  );
  useRoleLoss({ api, fileId, editor, machine, editable, roleLabel: suggesting ? ROLE_LABELS.commenter : ROLE_LABELS.viewer, loadCommitted });
  const choice = useConflictChoice({ conflict, clear: () => setConflict(null), api, tenantId, fileId, machine, revisionRef, loadCommitted });

  return (
    <CommentsProvider fileId={fileId} editor={editor} canWrite={editable} savedAt={saveState.dirty ? null : saveState.savedAt}>
      {header}
      <div className="flex items-start gap-6">
        <div className="min-w-0 flex-1">
          {editable && <SaveIndicator state={saveState} className="mb-3" />}
          {editable && <SuggestionReview editor={editor} fileId={fileId} />}
          {suggesting && <SuggestingMode editor={editor} fileId={fileId} readLatest={readLatest} />}
          <EditorContent editor={editor} />
          {/* An Editor has the assistant (with Comment in its bubble); the others Comment's own bubble. */}
          {editable ? <SharedAssistant editor={editor} fileId={fileId} machine={machine} /> : <CommentBubble />}
          <CommentsLive />
        </div>
        {!isMobile && <CommentsColumn label="Comments panel" />}
      </div>
      {isMobile && <CommentsSheet />}
      <ConflictDialog conflict={conflict} busy={choice.resolving} onKeepMine={() => void choice.keepMine()} onUseLatest={() => void choice.chooseLatest()} />
    </CommentsProvider>
  );
}
