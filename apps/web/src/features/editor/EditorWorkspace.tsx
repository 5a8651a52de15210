import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { EditorContent } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import type { FileSummary } from '@bree/contracts';
import { useNavigate, useNavigationState } from '../../app/navigation';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { SkipLink, useIsMobile } from '../../ui';
import { ConflictDialog } from './ConflictDialog';
import { DesktopHeader } from './DesktopHeader';
import { MobileHeader } from './MobileHeader';
import { usePhoneSheets } from './usePhoneSheets';
import { useOpenDocument } from './openDocuments';
import { isNewDocumentState } from './newDocument';
import { takeTypeAhead, typeHeldKeys } from './typeAhead';
import { SaveIndicator } from './SaveIndicator';
import { PresenceSlot } from './presence/PresenceSlot';
import { PANEL_TABS, SidePanel, type PanelTab } from './panels/SidePanel';
import { Toolbar } from './Toolbar';
import { ShortcutsDialog } from './ShortcutsDialog';
import { SlashMenuSlot } from './slashMenuSlot';
import { FindBar } from './FindBar';
import { LinkPopover } from './LazyLinkPopover';
import { useWordGoal } from './WordGoal';
import { useRevealPassage } from '../search';
import { ChatButton } from '../chat';
import { AskAi, AssistantMenu, SelectionActions, SuggestionCard, useAssistant } from '../assistant';
import { DictationButton } from '../dictation';
import { SuggestionReview } from '../suggestions';
import { CommentsLive, CommentsColumn, CommentsProvider, CommentsToggle } from '../comments';
import { useVirtualKeyboard } from './virtualKeyboard';
import { StaleBanner, ThreadCounts } from '../workspaces';
import { useDocumentWorkspace } from './useDocumentWorkspace';
import { useOpenRequests } from './useOpenRequests';
import { deleteOfflineSave } from './offlineStore';
import { useAutosave, type ConflictInfo } from './useAutosave';
import { useConflictChoice } from './useConflictChoice';
import { useVersionRestore } from './versions/useVersionRestore';
import { useDeletedDocument } from './useDeletedDocument';
import { useDiscardWhenLeftEmpty } from './useDiscardWhenLeftEmpty';
import { useDocumentName } from './useDocumentName';
import { EDITOR_TEXT_ID, useWorkspaceEditor } from './useWorkspaceEditor';
import { useLeave } from './useLeave';
import { useBeforeUnload, useEditorPageMeta, useOfflineSync } from './useOfflineSync';
import { useChecksEntry } from '../checks/panel/checkRequest';
import './editor.css';

// A phone's sheets and menu load on a phone only, as the page shows (docs/PAGE-WEIGHT.md).
const PhoneSheets = lazy(() => import('./PhoneSheets').then((m) => ({ default: m.PhoneSheets })));

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

/** The editing surface: TipTap, autosave, conflicts, offline sync, leaving, panels. */
export function EditorWorkspace({ doc }: { doc: LoadedDocument }) {
  const { api } = useServices();
  const isMobile = useIsMobile();
  const revisionRef = useRef(doc.revision);
  const editorRef = useRef<Editor | null>(null);
  const editedRef = useRef(false);
  const scrollRef = useRef<HTMLElement | null>(null);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [params] = useSearchParams();
  // ?tab=history (links into a panel) opens that panel first.
  const [tab, setTab] = useState<PanelTab>(() => PANEL_TABS.find((t) => t === params.get('tab')) ?? 'document');
  const sheets = usePhoneSheets();
  const [editing, setEditing] = useState(false);
  const { linkRequest, findRequest, openLink, openFind, closeLink, closeFind } = useOpenRequests();
  const isNewDocument = isNewDocumentState(useNavigationState());

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

  const editor = useWorkspaceEditor({
    fileId: doc.fileId,
    content: doc.content,
    machine,
    editedRef,
    onFind: openFind,
    onLink: openLink,
    onFocus: () => {
      setEditing(true);
      // Writing (or selecting, which brings up the actions sheet) closes the mobile menu.
      sheets.closeMenu();
    },
    onBlur: () => setEditing(false),
  });
  editorRef.current = editor;
  // A save made in another window or by an Editor shows here while nothing waits to be saved.
  useOpenDocument(doc.fileId, editor, machine, revisionRef);
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
  const panelFile = { tenantId: doc.tenantId, filePath: file.filePath, displayName: file.displayName, isRepository: doc.isRepository };
  const panelFor = (leavePanel?: (go: () => void) => void) => (
    <SidePanel
      editor={editor}
      fileId={doc.fileId}
      file={panelFile}
      tab={tab}
      onTab={setTab}
      restore={restoreVersion}
      wordGoal={wordGoal}
      onAssistant={assistant.run}
      leavePanel={leavePanel}
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
            menuOpen={sheets.menuOpen}
            menuButtonRef={sheets.menuButtonRef}
            onBack={() => void leave()}
            onOpenActions={() => {
              setTab('document');
              sheets.openActions();
            }}
            onUndo={undo}
            onRedo={redo}
            onToggleMenu={() => {
              // While editing, the check mark means "done": it closes the keyboard.
              if (editing) editor.commands.blur();
              else sheets.toggleMenu();
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
            <CommentsToggle className="h-8" />
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
          {!isMobile && <CommentsColumn label="Document panel">{panelFor()}</CommentsColumn>}
        </div>
        {isMobile && (
          <Suspense fallback={null}>
            <PhoneSheets
              editor={editor}
              fileId={doc.fileId}
              file={panelFile}
              saveState={saveState}
              sheets={sheets}
              onRename={rename}
              onLeave={() => void leave()}
              onAssistant={assistant.run}
              panel={panelFor}
            />
          </Suspense>
        )}
        <SuggestionCard editor={editor} assistant={assistant} isMobile={isMobile} />
        <AskAi editor={editor} onAsk={(instruction) => assistant.run('ask', instruction)} isMobile={isMobile} bottomInset={keyboard.inset} />
        <SlashMenuSlot editor={editor} onRun={assistant.run} />
        <ShortcutsDialog />
        <ConflictDialog conflict={conflict} busy={choice.resolving} onKeepMine={() => void choice.keepMine()} onUseLatest={() => void choice.chooseLatest()} />
      </div>
    </CommentsProvider>
  );
}
