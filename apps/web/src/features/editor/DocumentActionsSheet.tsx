import type { ReactNode } from 'react';
import type { SaveState } from '@bree/editor';
import { Dialog } from '../../ui';
import { DocumentTitle } from './DocumentTitle';
import { saveLabel } from './saveStatus';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  onRename(name: string): Promise<boolean>;
  saveState: SaveState;
  /** The side panel (its Document tab holds the outline, the counts, copy buttons and the workspace). */
  children: ReactNode;
  /** Where focus goes on closing (the outline puts the caret in the text: preventDefault). */
  onCloseAutoFocus?(event: Event): void;
}

/**
 * The phone's Document/Workspace sheet (docs/PRODUCT.md#editor): the document's name, renamed in place, and its
 * save status above the panels — the Document tab has the picker, Convert, the action grid,
 * the statistics and the copy buttons.
 */
export function DocumentActionsSheet({ open, onOpenChange, title, onRename, saveState, children, onCloseAutoFocus }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Document actions" variant="sheet" onCloseAutoFocus={onCloseAutoFocus}>
      <div className="mb-2 flex items-center gap-2 border-b border-line pb-2">
        <span className="text-xs text-muted">Name</span>
        <DocumentTitle as="div" title={title} onRename={onRename} />
      </div>
      <p className="mb-2 text-xs text-muted" data-testid="sheet-save-status">
        {saveLabel(saveState, Date.now())}
      </p>
      <div className="h-[60dvh]">{children}</div>
    </Dialog>
  );
}
