import { lazy, Suspense, useRef, type ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import type { AiAction } from '@bree/contracts';
import type { SaveState } from '@bree/editor';
import { CommentsSheet } from '../comments';
import { ChecksSheet } from '../checks/panel/ChecksSheet';
import { DocumentActionsSheet } from './DocumentActionsSheet';
import { MobileSettingsSheet } from './MobileSettingsSheet';
import type { PhoneSheetsState } from './usePhoneSheets';

// The menu comes a moment after the sheets: it is hidden until its button opens it.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

interface Props {
  editor: Editor;
  fileId: string;
  file: { tenantId: string; filePath: string; displayName: string; isRepository: boolean };
  saveState: SaveState;
  sheets: PhoneSheetsState;
  onRename(name: string): Promise<boolean>;
  onLeave(): void;
  onAssistant(action: AiAction, instruction?: string): void;
  /** The side panel's content, shown in the Document actions sheet. */
  panel(leavePanel: (go: () => void) => void): ReactNode;
}

/**
 * A phone's Document actions sheet (the side panel's tabs), Document settings sheet, menu, checks and
 * comments sheets. The outline's choice in the actions sheet closes the sheet first, then moves the
 * caret (not back to the sheet's opener).
 */
export function PhoneSheets({ editor, fileId, file, saveState, sheets, onRename, onLeave, onAssistant, panel }: Props) {
  const afterSheet = useRef<(() => void) | null>(null);
  const leaveSheetFor = (go: () => void) => {
    afterSheet.current = go;
    sheets.setActionsOpen(false);
  };
  return (
    <>
      <DocumentActionsSheet
        open={sheets.actionsOpen}
        onOpenChange={sheets.setActionsOpen}
        title={file.displayName}
        onRename={onRename}
        saveState={saveState}
        onCloseAutoFocus={(event) => {
          const go = afterSheet.current;
          afterSheet.current = null;
          if (!go) return;
          event.preventDefault();
          go();
        }}
      >
        {panel(leaveSheetFor)}
      </DocumentActionsSheet>
      <MobileSettingsSheet fileId={fileId} open={sheets.settingsOpen} onOpenChange={sheets.setSettingsOpen} />
      <Suspense fallback={null}>
        <MobileMenu open={sheets.menuOpen} file={file} toggleRef={sheets.menuButtonRef} onFiles={onLeave} onClose={sheets.closeMenu} />
      </Suspense>
      <ChecksSheet editor={editor} fileId={fileId} onAssistant={onAssistant} />
      <CommentsSheet />
    </>
  );
}
