import type { ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import type { SaveState } from '@bree/editor';
import { DocumentTitle } from './DocumentTitle';
import { PresenceSlot } from './presence/PresenceSlot';
import { SaveIndicator } from './SaveIndicator';
import { Toolbar } from './Toolbar';

interface DesktopHeaderProps {
  editor: Editor;
  fileId: string;
  title: string;
  saveState: SaveState;
  onBack(): void;
  onRename(name: string): Promise<boolean>;
  onUndo(): void;
  onRedo(): void;
  onLink(): void;
  onFind(): void;
  /** Dictation and the assistant's actions, after the formatting buttons. */
  extra: ReactNode;
}

/** The editor's top bar on a wide screen: back, the name, who else is here, the save status and the toolbar under them. */
export function DesktopHeader({ editor, fileId, title, saveState, onBack, onRename, onUndo, onRedo, onLink, onFind, extra }: DesktopHeaderProps) {
  return (
    // The formatting toolbar belongs to the page's top bar (a landmark), under the title row.
    <header className="shrink-0">
      <div className="flex h-14 items-center gap-3 border-b border-line bg-cream px-4">
        <button type="button" onClick={onBack} className="rounded-md px-2 py-1 text-sm text-ink-soft hover:bg-cream-deep" aria-label="Back to documents">
          ← Documents
        </button>
        <DocumentTitle title={title} onRename={onRename} />
        <PresenceSlot fileId={fileId} />
        <SaveIndicator state={saveState} />
      </div>
      <Toolbar editor={editor} onUndo={onUndo} onRedo={onRedo} onLink={onLink} onFind={onFind} variant="desktop" extra={extra} />
    </header>
  );
}
