import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogClose } from '../../../ui';

interface Props {
  /** The pane's Restore button; focus goes back to it on Cancel. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  busy: boolean;
  onRestore(): void;
}

/** Restore asks first, and says the current text is not lost: the server keeps it as a version (docs/PRODUCT.md#versions). */
export function RestoreVersionDialog({ trigger, open, onOpenChange, busy, onRestore }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Restore this version?"
      description="Your current text is kept as a version, so you can come back to it."
    >
      <DialogActions>
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button loading={busy} onClick={onRestore}>
          Restore
        </Button>
      </DialogActions>
    </Dialog>
  );
}
