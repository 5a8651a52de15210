import { Button, Dialog } from '../../ui';

interface Props {
  /** The document to convert; null while closed. */
  name: string | null;
  onClose(): void;
  onStandard(): void;
}

/** The list's 'Convert to workspace' (docs/PRODUCT.md#workspaces): Standard Workspace offered, Book Workspace shown disabled. */
export function ConvertDialog({ name, onClose, onStandard }: Props) {
  return (
    <Dialog
      open={name !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Convert to workspace"
      description={name ? `${name} becomes the master of a workspace, and its variants are kept with it.` : undefined}
    >
      <div className="mt-4 flex flex-col gap-2">
        <Button
          onClick={() => {
            onClose();
            onStandard();
          }}
        >
          Standard Workspace
        </Button>
        <Button variant="secondary" disabled>
          Book Workspace
        </Button>
      </div>
    </Dialog>
  );
}
