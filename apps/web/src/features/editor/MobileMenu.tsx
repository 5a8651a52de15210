import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ulid } from 'ulid';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { claimBlankDocument } from '../documents/api';
import { DOWNLOAD_FORMATS, useFileTransfers } from '../files';
import type { TransferTarget } from '../files';
import { UploadDialog } from '../import';

interface Props {
  open: boolean;
  file: TransferTarget & { isRepository: boolean };
  /** Back to the document list (saves first). */
  onFiles(): void;
  onClose(): void;
}

const item = 'w-full rounded px-3 py-2 text-left text-sm text-ink hover:bg-cream-deep disabled:opacity-50';

/** The mobile menu (1-core §2.4): files, create, download, repository move and upload. */
export function MobileMenu({ open, file, onFiles, onClose }: Props) {
  const { api } = useServices();
  const navigate = useNavigate();
  const { download, moveToRepository } = useFileTransfers();
  const [inRepository, setInRepository] = useState(file.isRepository);
  const [creating, setCreating] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);

  const create = async () => {
    setCreating(true);
    try {
      const created = await claimBlankDocument(api, ulid());
      onClose();
      // Leaving this editor by route change still sends its pending edits (useAutosave).
      navigate(`/app/${created.id}`);
    } catch {
      notify.error('Could not create a document. Please try again.');
    } finally {
      setCreating(false);
    }
  };

  const move = async () => {
    const next = !inRepository;
    if (await moveToRepository(file, next)) setInRepository(next);
  };

  return (
    <>
      {open && (
        <nav aria-label="Menu" className="fixed top-14 right-2 z-40 w-64 rounded-md border border-line bg-surface p-1 shadow-pop">
          <button type="button" className={item} onClick={onFiles}>
            Files
          </button>
          <button type="button" className={item} disabled={creating} onClick={() => void create()}>
            New document
          </button>
          <p className="px-3 pt-2 pb-1 text-xs font-medium text-muted">Download</p>
          {DOWNLOAD_FORMATS.map(({ format, label }) => (
            <button key={format} type="button" className={item} onClick={() => void download(file, format)}>
              {label}
            </button>
          ))}
          <button type="button" className={item} onClick={() => void move()}>
            {inRepository ? 'Remove from repository' : 'Move to repository'}
          </button>
          <button
            type="button"
            className={item}
            onClick={() => {
              onClose();
              setUploadOpen(true);
            }}
          >
            Upload files
          </button>
        </nav>
      )}
      {/* Outside the menu so it stays open after the menu closes. */}
      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
    </>
  );
}
