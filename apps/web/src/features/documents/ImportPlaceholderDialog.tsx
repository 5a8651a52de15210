import { Button, Dialog, DialogClose } from '../../ui';

/** Stand-in for the import chooser until the import issue lands. */
export function ImportPlaceholderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Import content" description="Uploading files and pasting text arrive with the import issue.">
      <p className="text-sm text-ink-soft">
        You will be able to upload TXT, Markdown, HTML and DOCX files, or paste blog posts, newsletters and emails, to teach the assistant your voice.
      </p>
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}
