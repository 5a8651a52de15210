import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { BlockIds, breeExtensions, pastedTextSlice } from '@bree/editor';
import type { FileSummary } from '@bree/contracts';
import { useNavigate, useNavigationState } from '../../app/navigation';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { SkipLink, useIsMobile } from '../../ui';
import { ConflictDialog } from './ConflictDialog';
import { DocumentActionsSheet } from './DocumentActionsSheet';
import { DesktopHeader } from './DesktopHeader';
import { MobileHeader } from './MobileHeader';
import { MobileSettingsSheet, useDocumentSettingsEvent } from './MobileSettingsSheet';
import { isNewDocumentState } from './newDocument';
import { takeTypeAhead, typeHeldKeys } from './typeAhead';
import { SaveIndicator } from './SaveIndicator';
import { PresenceSlot } from './presence/PresenceSlot';
import { PANEL_TABS, SidePanel, type PanelTab } from './panels/SidePanel';
import { Toolbar } from './Toolbar';
import { ShortcutsDialog } from './ShortcutsDialog';
import { SlashMenuSlot } from './slashMenuSlot';
import { BlockKeys } from './blockKeys';
import { EditorShortcuts, ImageEditing, LinkTarget, TableEditing, withImageView } from './editingExtensions';
import { CaretPlaced } from './caretPlaced';
import { FindBar } from './FindBar';
import { LinkPopover } from './LazyLinkPopover';
import { Find } from './find';
import { useWordGoal } from './WordGoal';
import { useRevealPassage } from '../search';
import { ChatButton } from '../chat';
import { AiPreview, AskAi, AskAiKeys, AssistantMenu, SelectionActions, SuggestionCard, useAssistant } from '../assistant';
import { DictationButton } from '../dictation';
import { SuggestionReview } from '../suggestions';
import { CommentsLive, CommentsColumn, CommentsProvider, CommentsSheet, CommentsToggle } from '../comments';
import { useVirtualKeyboard } from './virtualKeyboard';
import { StaleBanner, ThreadCounts } from '../workspaces';
import { useDocumentWorkspace } from './useDocumentWorkspace';
import { useOpenRequests } from './useOpenRequests';
import { deleteOfflineSave } from './offlineStore';
import { markEditedBy } from './markEdited';
import { useAutosave, type ConflictInfo } from './useAutosave';
import { useConflictChoice } from './useConflictChoice';
import { useVersionRestore } from './versions/useVersionRestore';
import { useDeletedDocument } from './useDeletedDocument';
import { useDiscardWhenLeftEmpty } from './useDiscardWhenLeftEmpty';
import { useDocumentName } from './useDocumentName';
import { useLeave } from './useLeave';
import { useBeforeUnload, useEditorPageMeta, useOfflineSync } from './useOfflineSync';
import { StorableText } from '../../lib/storableText';
import { useChecksEntry } from '../checks/panel/checkRequest';
import { ChecksSheet } from '../checks/panel/ChecksSheet';
import './editor.css';

// The phone's menu loads on a phone only (docs/PAGE-WEIGHT.md); it is hidden until its button opens it.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

/** What the page loaded: the content to show and the revision it is based on. */
export interface LoadedDocument {
  fileId: string;
  tenantId: string;
  /** The document as the list knows it (renames go through the list's changes with it). */
  summary: FileSummary;
  title: string;
  /** Where the document lives (downloads and repository moves name it by path). */
  filePath: string;
  isRepository: boolean;
  content: unknown;
  revision: number;
  /** The content came from an unsent offline save: it is sent as soon as possible. */
  fromOffline: boolean;
  /** The writer's word goal for this document (its metadata), or null. */
  wordGoal: number | null;
}

/** Id of the editable text: the skip link's target. */
const EDITOR_TEXT_ID = 'editor-text';

/** The editing surface: TipTap, autosave, conflicts, offline sync, leaving, panels. */
export function EditorWorkspace({ doc }: { doc: LoadedDocument }) {
  const { api, tokens } = useServices();
  const isMobile = useIsMobile();
  const revisionRef = useRef(doc.revision);
  const editorRef = useRef<Editor | null>(null);
  const editedRef = useRef(false);
  const scrollRef = useRef<HTMLElement | null>(null);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [params] = useSearchParams();
  // ?tab=history (links into a panel) opens that panel first.
  const [tab, setTab] = useState<PanelTab>(() => PANEL_TABS.find((t) => t === params.get('tab')) ?? 'document');
  const [sheetOpen, setSheetOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement | null>(null);
  const [editing, setEditing] = useState(false);
  const { linkRequest, findRequest, openLink, openFind, closeLink, closeFind } = useOpenRequests();
  const isNewDocument = isNewDocumentState(useNavigationState());
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // Opening a sheet closes the menu (and any other sheet).
  const openSettings = useCallback(() => {
    setMenuOpen(false);
    setSheetOpen(false);
    setSettingsOpen(true);
  }, []);
  useDocumentSettingsEvent(openSettings);

  // The name and path now: renamed in place, or named after its first line by a save.
  const { file, rename, onNamed, awaitsName } = useDocumentName({ tenantId: doc.tenantId, summary: doc.summary, editorRef });

  const navigate = useNavigate();
  // Deleting the open file clears the editor (docs/PRODUCT.md#saving): the text goes, the list comes back.
  const onDeleted = useCallback(() => {
    editorRef.current?.commands.setContent({ type: 'doc', content: [{ type: 'paragraph' }] }, { emitUpdate: false });
    void deleteOfflineSave(doc.tenantId, doc.fileId).catch(() => undefined);
    notify.info('This document was deleted.');
    navigate('/app', { replace: true });
  }, [doc.tenantId, doc.fileId, navigate]);
  const { machine, saveState } = useAutosave({
    api,
    tenantId: doc.tenantId,
    fileId: doc.fileId,
    editorRef,
    revisionRef,
    onConflict: setConflict,
    onDeleted,
    onNamed,
    unsavedAtStart: doc.fromOffline,
  });
  useDeletedDocument({ api, fileId: doc.fileId, onDeleted });

  const editor = useEditor({
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
      EditorShortcuts.configure({ onFind: openFind, onLink: openLink }),
      ImageEditing.configure({ fileId: doc.fileId, api, tokens }),
      TableEditing,
      Placeholder.configure({ placeholder: 'Start writing…' }),
    ],
    content: doc.content as Record<string, unknown>,
    shouldRerenderOnTransaction: false,
    immediatelyRender: true,
    editorProps: {
      attributes: { id: EDITOR_TEXT_ID, class: 'bree-prose', 'aria-label': 'Document text', 'data-testid': 'editor' },
      clipboardTextParser: (text, _context, _plain, view) => pastedTextSlice(view.state.schema, text),
    },
    onUpdate: ({ transaction }) => {
      if (markEditedBy(machine, transaction)) editedRef.current = true;
    },
    onFocus: () => {
      setEditing(true);
      // Writing (or selecting, which brings up the actions sheet) closes the mobile menu.
      setMenuOpen(false);
    },
    onBlur: () => setEditing(false),
  });
  editorRef.current = editor;
  // Left with no text right after 'Create new document': not kept (docs/TRASH.md).
  useDiscardWhenLeftEmpty({ tenantId: doc.tenantId, file, editor, isNewDocument });
  const keyboard = useVirtualKeyboard(editor, isMobile);
  // Block ids are given on load and not saved until an edit; a result that comes back after a
  // reload finds its blocks by id, so the ids are saved as soon as an operation starts.
  const persistIds = useCallback(() => machine.markEdited(), [machine]);
  const assistant = useAssistant(editor, doc.fileId, { onStart: persistIds });
  const assistantMenu = (
    <>
      <AssistantMenu onRun={assistant.run} />
      <ChatButton editor={editor} fileId={doc.fileId} isMobile={isMobile} />
    </>
  );
  const wordGoal = useWordGoal({ api, tenantId: doc.tenantId, fileId: doc.fileId, initial: doc.wordGoal });

  // A document just created opens with the caret in its text, what was typed while it was created first.
  // The text takes the focus now (TipTap's focus comes a frame later, and a key in between was lost).
  useEffect(() => {
    if (!isNewDocument) return;
    editor.commands.focus('end');
    editor.view.focus();
    typeHeldKeys(editor, takeTypeAhead());
  }, [editor, isNewDocument]);

  // Offline edits loaded from IndexedDB are not on the server: marked before the sync below
  // runs (effects run in order), so the page-load flush sends them.
  useEffect(() => {
    if (doc.fromOffline) machine.markEdited();
  }, [doc.fromOffline, machine]);

  // Opened from a search result: the matched words selected and in view.
  useRevealPassage(editor);

  useOfflineSync({ machine, tenantId: doc.tenantId, fileId: doc.fileId });
  useBeforeUnload(machine);
  useEditorPageMeta(file.displayName);
  const { leaving, leave } = useLeave({ machine, fileId: doc.fileId, editedRef, awaitsName });

  /** Loads server content into the editor without it counting as an edit. */
  const loadCommitted = useCallback(
    (content: unknown, revision: number) => {
      editor.commands.setContent(content as Record<string, unknown>, { emitUpdate: false });
      revisionRef.current = revision;
      machine.markCommitted();
    },
    [editor, machine],
  );

  const restoreVersion = useVersionRestore({ api, tenantId: doc.tenantId, fileId: doc.fileId, machine, loadCommitted });
  const choice = useConflictChoice({
    conflict,
    clear: () => setConflict(null),
    api,
    tenantId: doc.tenantId,
    fileId: doc.fileId,
    machine,
    revisionRef,
    loadCommitted,
  });

  // The workspace this document belongs to: its variants' progress, a stale variant's banner, a thread's look.
  const workspaceArgs = { api, fileId: doc.fileId, displayName: file.displayName, editedRef, loadCommitted };
  const { metadata: workspaceMetadata, isThread, phoneTitle, reloadStored } = useDocumentWorkspace(workspaceArgs);

  // Dictation sits before the assistant's cursor actions in both formatting bars.
  const toolbarExtra = (
    <>
      <DictationButton editor={editor} fileId={doc.fileId} />
      {assistantMenu}
      {/* On a phone the formatting bar has no room: the toggle sits by the save status. */}
      {!isMobile && <CommentsToggle />}
    </>
  );
  // 'Check my draft' (toolbar, '/' menu, menu, keys): the Checks tab; on a phone, ChecksSheet opens itself (docs/CHECKS.md).
  useChecksEntry({ onOpen: isMobile ? null : () => setTab('checks') });
  const undo = () => editor.chain().focus().undo().run();
  const redo = () => editor.chain().focus().redo().run();
  // The outline's choice on a phone: the sheet closes first, then the text gets the caret (not the sheet's opener).
  const afterSheet = useRef<(() => void) | null>(null);
  const leaveSheetFor = (go: () => void) => {
    afterSheet.current = go;
    setSheetOpen(false);
  };
  const panel = (
    <SidePanel
      editor={editor}
      fileId={doc.fileId}
      file={{ tenantId: doc.tenantId, filePath: file.filePath, displayName: file.displayName, isRepository: doc.isRepository }}
      tab={tab}
      onTab={setTab}
      restore={restoreVersion}
      wordGoal={wordGoal}
      onAssistant={assistant.run}
      leavePanel={isMobile ? leaveSheetFor : undefined}
    />
  );

  return (
    <CommentsProvider fileId={doc.fileId} editor={editor} canWrite savedAt={saveState.dirty ? null : saveState.savedAt}>
      <div className={`flex h-dvh flex-col bg-paper transition-opacity duration-200 ${leaving ? 'opacity-40' : 'opacity-100'}`} data-leaving={leaving}>
        <SkipLink targetId={EDITOR_TEXT_ID} onSkip={() => editor.commands.focus()}>
          Skip to editor
        </SkipLink>
        {isMobile ? (
          <MobileHeader
            title={phoneTitle.title}
            subtitle={phoneTitle.subtitle}
            status={saveState.status}
            scrollRef={scrollRef}
            editing={editing}
            menuOpen={menuOpen}
            menuButtonRef={menuButtonRef}
            onBack={() => void leave()}
            onOpenActions={() => {
              setMenuOpen(false);
              setSettingsOpen(false);
              setTab('document');
              setSheetOpen(true);
            }}
            onUndo={undo}
            onRedo={redo}
            onToggleMenu={() => {
              // While editing, the check mark means "done": it closes the keyboard.
              if (editing) editor.commands.blur();
              else setMenuOpen((open) => !open);
            }}
          />
        ) : (
          <DesktopHeader
            editor={editor}
            fileId={doc.fileId}
            title={file.displayName}
            saveState={saveState}
            onBack={() => void leave()}
            onRename={rename}
            onUndo={undo}
            onRedo={redo}
            onLink={openLink}
            onFind={openFind}
            extra={toolbarExtra}
          />
        )}
        {isMobile && (
          <div className="flex items-center justify-end gap-3 px-3 py-1">
            <PresenceSlot fileId={doc.fileId} compact />
            <SaveIndicator state={saveState} className="text-xs" />
          </div>
        )}
        <div className="flex min-h-0 flex-1">
          <main ref={scrollRef} className={`min-w-0 flex-1 overflow-y-auto ${isMobile ? 'pb-16' : ''}`}>
            <FindBar editor={editor} request={findRequest} onClose={closeFind} onUndo={undo} onRedo={redo} isMobile={isMobile} />
            {workspaceMetadata && <StaleBanner metadata={workspaceMetadata} reload={reloadStored} />}
            <div className={`mx-auto max-w-3xl px-4 py-6 sm:px-8 sm:py-10 ${isThread ? 'bree-thread' : ''}`}>
              {isThread && <ThreadCounts editor={editor} />}
              <SuggestionReview editor={editor} fileId={doc.fileId} />
              <EditorContent editor={editor} />
              <SelectionActions
                editor={editor}
                isMobile={isMobile}
                busy={assistant.suggestion !== null}
                onRun={assistant.run}
                voiceInput={(append) => <DictationButton editor={editor} fileId={doc.fileId} target="instruction" onText={append} />}
              />
              <CommentsLive />
              <LinkPopover editor={editor} editRequest={linkRequest} onEditRequest={openLink} onClose={closeLink} />
            </div>
            {/* Fixed to the bottom of the screen; inside main so it sits in the page's landmarks. */}
            {isMobile && (
              <Toolbar
                editor={editor}
                onUndo={undo}
                onRedo={redo}
                onLink={openLink}
                onFind={openFind}
                variant="mobile"
                bottomInset={keyboard.inset}
                extra={toolbarExtra}
              />
            )}
          </main>
          {!isMobile && <CommentsColumn label="Document panel">{panel}</CommentsColumn>}
        </div>
        {isMobile && (
          <DocumentActionsSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            title={file.displayName}
            onRename={rename}
            saveState={saveState}
            onCloseAutoFocus={(event) => {
              const go = afterSheet.current;
              afterSheet.current = null;
              if (!go) return;
              event.preventDefault();
              go();
            }}
          >
            {panel}
          </DocumentActionsSheet>
        )}
        {isMobile && <MobileSettingsSheet fileId={doc.fileId} open={settingsOpen} onOpenChange={setSettingsOpen} />}
        {isMobile && (
          <Suspense fallback={null}>
            <MobileMenu
              open={menuOpen}
              file={{ tenantId: doc.tenantId, filePath: file.filePath, displayName: file.displayName, isRepository: doc.isRepository }}
              toggleRef={menuButtonRef}
              onFiles={() => void leave()}
              onClose={closeMenu}
            />
          </Suspense>
        )}
        {isMobile && <ChecksSheet editor={editor} fileId={doc.fileId} onAssistant={assistant.run} />}
        {isMobile && <CommentsSheet />}
        <SuggestionCard editor={editor} assistant={assistant} isMobile={isMobile} />
        <AskAi editor={editor} onAsk={(instruction) => assistant.run('ask', instruction)} isMobile={isMobile} bottomInset={keyboard.inset} />
        <SlashMenuSlot editor={editor} onRun={assistant.run} />
        <ShortcutsDialog />
        <ConflictDialog conflict={conflict} busy={choice.resolving} onKeepMine={() => void choice.keepMine()} onUseLatest={() => void choice.chooseLatest()} />
      </div>
    </CommentsProvider>
  );
}
