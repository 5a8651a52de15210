import { useEffect } from 'react';
import { lazyPart } from '../../lib/lazy/lazyPart';
import { Dialog, Spinner } from '../../ui';
import { DOCUMENT_SETTINGS_EVENT } from './MobileHeader';
import type { DocumentSettingsDetail } from './MobileHeader';

/** The settings (sharing, provider, feedback) load when the sheet first opens, as the side panel's Settings tab does. */
const SettingsPanel = lazyPart<{ fileId: string }>(
  'Document settings',
  () => import('./panels/SettingsPanel').then((m) => m.SettingsPanel),
  () => <Spinner label="Loading" showLabel className="py-6" />,
);

/** Calls `onOpen` whenever the mobile header's settings tap raises the document settings event. */
export function useDocumentSettingsEvent(onOpen: () => void): void {
  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<DocumentSettingsDetail | undefined>).detail;
      if (detail?.source === 'mobile-header') onOpen();
    };
    document.addEventListener(DOCUMENT_SETTINGS_EVENT, listener);
    return () => document.removeEventListener(DOCUMENT_SETTINGS_EVENT, listener);
  }, [onOpen]);
}

/** The Mobile Document Settings sheet (docs/PRODUCT.md#editor): this document's settings. */
export function MobileSettingsSheet({ fileId, open, onOpenChange }: { fileId: string; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Document settings" variant="sheet">
      <SettingsPanel fileId={fileId} />
    </Dialog>
  );
}
