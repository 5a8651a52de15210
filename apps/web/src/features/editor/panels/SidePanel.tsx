import { lazy, Suspense, useId } from 'react';
import type { Editor } from '@tiptap/core';
import { cn, Spinner, useIsMobile } from '../../../ui';
import { DocumentPanel } from './DocumentPanel';
import type { WordGoalControl } from '../WordGoal';
import type { TransferTarget } from '../../files';
import { LazyVoicePanel } from '../../voice';
import type { AiAction } from '@bree/contracts';

// Panels other than Document load the first time their tab is chosen, so opening a document
// downloads only what its first screen shows.
const HistoryPanel = lazy(() => import('./HistoryPanel').then((m) => ({ default: m.HistoryPanel })));
const RepositoryPanel = lazy(() => import('./RepositoryPanel').then((m) => ({ default: m.RepositoryPanel })));
const ChecksPanel = lazy(() => import('../../checks/panel/ChecksPanel').then((m) => ({ default: m.ChecksPanel })));
const SettingsPanel = lazy(() => import('./SettingsPanel').then((m) => ({ default: m.SettingsPanel })));

/** The open document, as downloads and repository moves need it. */
export interface PanelFile extends TransferTarget {
  isRepository: boolean;
}

/** The panels of the editor shell (docs/PRODUCT.md#editor). */
export type PanelTab = 'document' | 'checks' | 'history' | 'repository' | 'voice' | 'settings';

/** Every panel tab, in order. */
export const PANEL_TABS: readonly PanelTab[] = ['document', 'checks', 'history', 'repository', 'voice', 'settings'];

const TABS: { id: PanelTab; label: string }[] = [
  { id: 'document', label: 'Document' },
  { id: 'checks', label: 'Checks' },
  { id: 'history', label: 'History' },
  { id: 'repository', label: 'Repository' },
  { id: 'voice', label: 'Voice' },
  { id: 'settings', label: 'Settings' },
];

interface Props {
  editor: Editor;
  fileId: string;
  file: PanelFile;
  tab: PanelTab;
  onTab(tab: PanelTab): void;
  /** Restores a version into the editor (versions/useVersionRestore.ts). */
  restore(versionId: string): Promise<void>;
  /** The document's word goal, shown under the counts. */
  wordGoal?: WordGoalControl;
  /** The assistant's run: the Checks panel's 'Rewrite in my voice'. */
  onAssistant?(action: AiAction, instruction?: string): void;
  /** Set where the panel covers the text (the phone's sheet): closes it before the outline goes to a heading. */
  leavePanel?(go: () => void): void;
}

/** Tabbed panel: the desktop side panel, and the body of the mobile sheet. */
export function SidePanel({ editor, fileId, file, tab, onTab, restore, wordGoal, onAssistant, leavePanel }: Props) {
  const base = useId();
  // On a phone the checks have their own sheet (ChecksSheet): the five tabs still fit a 360 px sheet.
  const tabs = useIsMobile() ? TABS.filter((t) => t.id !== 'checks') : TABS;
  return (
    // Relative: the History panel's reading pane sits beside it, over the writing area (docs/PRODUCT.md#versions).
    <div className="relative flex h-full flex-col">
      {/* No gaps or side padding: the five tabs fit a 360 px phone's sheet without scrolling. */}
      <div role="tablist" aria-label="Document panels" className="flex overflow-x-auto border-b border-line">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${base}-${t.id}-tab`}
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}`}
            onClick={() => onTab(t.id)}
            className={cn(
              // Six tabs (the desktop's, with Checks) fit the 352 px side panel at 12 px.
              'flex-auto whitespace-nowrap border-b-2 px-1 py-2',
              tabs.length > 5 ? 'text-xs' : 'text-[13px]',
              tab === t.id ? 'border-accent font-semibold text-ink' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-${tab}`} aria-labelledby={`${base}-${tab}-tab`} className="flex-1 overflow-y-auto p-3">
        {tab === 'document' && <DocumentPanel editor={editor} fileId={fileId} file={file} wordGoal={wordGoal} leavePanel={leavePanel} />}
        <Suspense fallback={<Spinner label="Loading" showLabel className="py-6" />}>
          {tab === 'checks' && <ChecksPanel editor={editor} fileId={fileId} onAssistant={onAssistant} />}
          {tab === 'history' && <HistoryPanel editor={editor} fileId={fileId} restore={restore} />}
          {tab === 'repository' && <RepositoryPanel file={file} />}
          {tab === 'voice' && <LazyVoicePanel />}
          {tab === 'settings' && <SettingsPanel fileId={fileId} />}
        </Suspense>
      </div>
    </div>
  );
}
