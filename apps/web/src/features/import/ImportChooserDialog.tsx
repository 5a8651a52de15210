import { useState } from 'react';
import { ActionCard, Dialog, UploadIcon } from '../../ui';
import { PasteContentDialog } from './PasteContentDialog';
import { UploadDialog } from './UploadDialog';

/** Controlled open state of the chooser. */
export interface ImportChooserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const PASTE = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-5">
    <rect x="6" y="4" width="12" height="17" rx="2" />
    <path d="M9 4.5V3h6v1.5M9 10h6M9 14h6M9 18h3" strokeLinecap="round" />
  </svg>
);

/**
 * The import chooser (docs/PRODUCT.md#import): 'Upload Files' or 'Paste Content'. It owns the two dialogs
 * it leads to, so keep it mounted (only toggle `open`) or a running upload loses its dialog.
 */
export function ImportChooserDialog({ open, onOpenChange }: ImportChooserDialogProps) {
  const [next, setNext] = useState<'upload' | 'paste' | null>(null);
  const choose = (choice: 'upload' | 'paste') => {
    onOpenChange(false);
    setNext(choice);
  };
  const closeNext = (isOpen: boolean) => {
    if (!isOpen) setNext(null);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Import content"
        description="Bring in your writing: documents to edit, or your own writing for your repository, which teaches the assistant your voice."
        className="max-w-2xl"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <ActionCard
            title="Upload Files"
            text="TXT, Markdown, HTML, DOCX; up to 10 files; total up to 5 MB"
            icon={UploadIcon}
            onClick={() => choose('upload')}
          />
          <ActionCard
            title="Paste Content"
            text="blog posts, newsletters, LinkedIn posts, X/Twitter threads, emails, essays"
            icon={PASTE}
            onClick={() => choose('paste')}
          />
        </div>
      </Dialog>
      <UploadDialog open={next === 'upload'} onOpenChange={closeNext} />
      <PasteContentDialog open={next === 'paste'} onOpenChange={closeNext} />
    </>
  );
}
