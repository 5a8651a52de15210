import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { useNavigate } from '../../app/navigation';
import { ulid } from 'ulid';
import { useServices } from '../../app/services';
import { notify } from '../../lib/toast';
import { claimBlankDocument } from '../documents/api';
import { DOWNLOAD_FORMATS, DownloadOptions, NO_EXTRAS, useFileTransfers } from '../files';
import { useHasComments } from '../comments';
import type { TransferTarget } from '../files';
import { LazyUploadDialog } from '../import';
import { useSearchPalette } from '../search';
import { NEW_DOCUMENT_STATE } from './newDocument';
import { cancelTypeAhead, startTypeAhead } from './typeAhead';
import { requestCheckDraft } from '../checks/panel/checkRequest';
import { MOBILE_MENU_ID } from './MobileHeader';

interface Props {
  open: boolean;
  file: TransferTarget & { isRepository: boolean };
  /** The header button that opens and closes the menu: Escape returns focus to it. */
  toggleRef: RefObject<HTMLButtonElement | null>;
  /** Back to the document list (saves first). */
  onFiles(): void;
  onClose(): void;
}

const item = 'w-full rounded px-3 py-2 text-left text-sm text-ink hover:bg-cream-deep disabled:opacity-50';

/**
 * The mobile menu (docs/PRODUCT.md#editor): files, create, search, download, repository move and upload. Opening
 * it moves focus to its first item; Escape closes it and returns focus to its button; a tap
 * anywhere outside it closes it (the page also closes it when a sheet opens or writing starts).
 */
export function MobileMenu({ open, file, toggleRef, onFiles, onClose }: Props) {
  const { api } = useServices();
  const navigate = useNavigate();
  const { download, moveToRepository } = useFileTransfers();
  const [inRepository, setInRepository] = useState(file.isRepository);
  const [creating, setCreating] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [extras, setExtras] = useState(NO_EXTRAS);
  const hasComments = useHasComments();
  const navRef = useRef<HTMLElement>(null);
  const { openSearch } = useSearchPalette();

  useEffect(() => {
    if (open) navRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      // The toggle closes the menu itself; a tap on it must not close and reopen it.
      if (target && (navRef.current?.contains(target) || toggleRef.current?.contains(target))) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [open, onClose, toggleRef]);

  const create = async () => {
    setCreating(true);
    startTypeAhead();
    try {
      const created = await claimBlankDocument(api, ulid());
      onClose();
      // Leaving this editor by route change still sends its pending edits (useAutosave).
      navigate(`/app/${created.id}`, { state: NEW_DOCUMENT_STATE });
    } catch {
      cancelTypeAhead();
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
        <nav
          ref={navRef}
          id={MOBILE_MENU_ID}
          aria-label="Menu"
          className="fixed top-14 right-2 z-40 w-64 rounded-md border border-line bg-surface p-1 shadow-pop"
        >
          <button type="button" className={item} onClick={onFiles}>
            Documents
          </button>
          <button type="button" className={item} disabled={creating} onClick={() => void create()}>
            New document
          </button>
          <button
            type="button"
            className={item}
            onClick={() => {
              onClose();
              // The menu's items go away with it: focus comes back to the menu button.
              openSearch(toggleRef.current);
            }}
          >
            Search text
          </button>
          <button
            type="button"
            className={item}
            onClick={() => {
              onClose();
              requestCheckDraft();
            }}
          >
            Check my draft
          </button>
          <p className="px-3 pt-2 pb-1 text-xs font-medium text-muted">Download</p>
          <DownloadOptions value={extras} onChange={setExtras} withComments={hasComments} compact className="px-3 py-1" />
          {DOWNLOAD_FORMATS.map(({ format, label }) => (
            <button key={format} type="button" className={item} onClick={() => void download(file, format, extras)}>
              {label}
            </button>
          ))}
          <button type="button" className={item} onClick={() => void move()}>
            {inRepository ? 'Remove from repository' : 'Add to repository'}
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
      <LazyUploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
    </>
  );
}
