import { useState, type FormEvent, type ReactNode } from 'react';
import { VERSION_NAME_MAX } from '@bree/contracts';
import { Button, Dialog, DialogActions, DialogClose, Input } from '../../../ui';

interface Props {
  /** The button that opens it; focus goes back to it when the dialog closes. */
  trigger: ReactNode;
  /** 'Name this version' for the current text, 'Rename version' for one of the list. */
  title: string;
  initialName?: string;
  /** Saves the name; the dialog closes once it resolves, and stays open (busy ends) if it throws. */
  onSave(name: string): Promise<void>;
}

/** Asks for a version's name: trimmed, 1–80 characters, the same rule the server keeps (docs/PRODUCT.md#versions). */
export function NameVersionDialog({ trigger, title, initialName = '', onSave }: Props) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const onOpenChange = (next: boolean) => {
    // Each opening starts from the version's name as it is now.
    if (next) {
      setName(initialName);
      setError(undefined);
    }
    setOpen(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0) return setError('Give the version a name.');
    if ([...trimmed].length > VERSION_NAME_MAX) return setError(`A name has at most ${VERSION_NAME_MAX} characters.`);
    setBusy(true);
    try {
      await onSave(trimmed);
      onOpenChange(false);
    } catch {
      // The caller says what failed (a toast); the name stays to try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={title}
      description="A named version is kept for good: old versions are thinned, named ones never."
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Input
          label="Name"
          value={name}
          maxLength={VERSION_NAME_MAX + 20}
          autoFocus
          error={error}
          placeholder="e.g. Sent to the editor"
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        <DialogActions>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" loading={busy}>
            Save name
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
