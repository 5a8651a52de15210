import { Suspense, lazy, useCallback, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { AiAction } from '@bree/contracts';
import { Dialog, Spinner } from '../../../ui';
import { useCheckDraftRequest } from './checkRequest';

const ChecksPanel = lazy(() => import('./ChecksPanel').then((m) => ({ default: m.ChecksPanel })));

/**
 * The Checks panel on a phone (docs/CHECKS.md "The Checks panel"): its own sheet, opened by each
 * 'Check my draft', closed while a finding's words or a rewrite show in the text.
 */
export function ChecksSheet({ editor, fileId, onAssistant }: { editor: Editor; fileId: string; onAssistant(action: AiAction, instruction?: string): void }) {
  const [open, setOpen] = useState(false);
  useCheckDraftRequest(useCallback(() => setOpen(true), []));
  const close = useCallback(() => setOpen(false), []);
  return (
    <Dialog open={open} onOpenChange={setOpen} title="Checks" variant="sheet">
      <div className="min-h-[40dvh]">
        <Suspense fallback={<Spinner label="Loading" showLabel className="py-6" />}>
          {open && <ChecksPanel editor={editor} fileId={fileId} onAssistant={onAssistant} onShowText={close} />}
        </Suspense>
      </div>
    </Dialog>
  );
}
