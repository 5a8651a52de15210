import { useSyncExternalStore } from 'react';
import { Button } from '../../ui';
import { installOffer } from './installOffer';

/** 'Install app' in the profile menu, shown only while the browser offers installation and the writer has not answered yet. */
export function InstallAppButton({ onDone }: { onDone?: () => void }) {
  const offer = installOffer();
  const available = useSyncExternalStore(offer.subscribe, offer.available, () => false);
  if (!available) return null;
  return (
    <Button
      variant="ghost"
      className="w-full justify-start"
      onClick={() => {
        onDone?.();
        void offer.install();
      }}
    >
      Install app
    </Button>
  );
}
