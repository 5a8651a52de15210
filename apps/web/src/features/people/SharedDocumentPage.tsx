import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { displayName } from '@bree/contracts';
import { EDITOR_VERSION } from '@bree/editor';
import { useNavigate } from '../../app/navigation';
import { useServices } from '../../app/services';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { buttonClasses, Spinner } from '../../ui';
import { toEditorContent } from '../editor/EditorPage';
import { getOfflineSave } from '../editor/offlineStore';
import { PresenceSlot } from '../editor/presence/PresenceSlot';
import { CommentsToggle } from '../comments';
import { getCurrentTenant } from '../tenancy';
import { sharedFile, sharedWithMe } from './api';
import { PEOPLE_TEXT, ROLE_LABELS } from './roles';
import { SharedEditor } from './SharedEditor';
import { useSharedAccess } from './useSharedAccess';

const isGone = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * /app/shared/{fileId}: a document another account shared with the caller, with its owner's name
 * and the caller's role; an Editor writes in it, a Viewer or a Commenter reads it. Access is asked
 * again while it is open, so a removal or a role change holds without a reload.
 */
export function SharedDocumentPage({ fileId }: { fileId: string }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const access = useSharedAccess(fileId);
  const [gone, setGone] = useState(false);
  // The text is read once: a later read would replace what an Editor is writing (saves carry it on).
  const file = useQuery({
    queryKey: ['grants', 'file', fileId],
    // With the words of an Editor's window that no save carried yet (a reload while one was on its way, or
    // offline), kept in this browser: they are shown and sent again, as the owner's editor does (EditorPage).
    queryFn: async () => {
      const [data, unsent] = await Promise.all([sharedFile(api, fileId), getOfflineSave(getCurrentTenant(), fileId).catch(() => undefined)]);
      return { ...data, unsent };
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: (count, error) => !isGone(error) && count < 2,
  });
  const shared = useQuery({ queryKey: ['grants', 'shared-with-me'], queryFn: () => sharedWithMe(api) });
  const entry = shared.data?.find((d) => d.id === fileId);
  const title = entry?.name ?? (file.data ? displayName(file.data.name) : 'Shared document');
  useDocumentTitle(title);

  // The owner following their own link is sent to their own editor.
  const isOwner = access.kind === 'granted' && access.role === 'owner';
  useEffect(() => {
    if (isOwner) navigate(`/app/${fileId}`, { replace: true });
  }, [isOwner, fileId, navigate]);

  if (gone || access.kind === 'lost' || isGone(file.error)) {
    return (
      <div className="mx-auto max-w-lg py-12 text-center">
        <h1 className="font-serif text-2xl font-semibold text-ink">{title}</h1>
        <p className="mt-3 text-ink-soft" role="alert">
          {PEOPLE_TEXT.accessLost}
        </p>
        <Link to="/app" className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}>
          Go to your documents
        </Link>
      </div>
    );
  }
  if (file.isError || (access.kind === 'unknown' && !file.data)) {
    return (
      <p role="alert" className="py-12 text-center text-ink-soft">
        This document could not be loaded. Check your connection and reload the page.
      </p>
    );
  }
  if (!file.data || access.kind !== 'granted' || isOwner) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted">
        <Spinner size="sm" label="Loading the document" showLabel />
      </div>
    );
  }
  if ((file.data.editorVersion ?? 1) > EDITOR_VERSION) {
    return <p className="py-12 text-center text-ink-soft">This document was saved by a newer version of Bree. Reload the page to open it.</p>;
  }
  const role = ROLE_LABELS[access.role];
  const editable = access.role === 'editor';
  // Only an Editor's window sends them; another role's window shows the document as it is.
  const unsent = editable ? file.data.unsent : undefined;
  return (
    <article className="mx-auto max-w-6xl">
      <SharedEditor
        key={fileId}
        fileId={fileId}
        tenantId={getCurrentTenant()}
        content={toEditorContent(unsent ? unsent.content : file.data.content)}
        revision={unsent ? unsent.baseRevision : file.data.revision}
        fromOffline={unsent !== undefined}
        editable={editable}
        suggesting={access.role === 'commenter'}
        onGone={() => setGone(true)}
        header={
          <>
            <Link to="/app" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
              <span aria-hidden="true">←</span> Documents
            </Link>
            <header className="mt-2 mb-6 flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h1 className="font-serif text-2xl font-semibold tracking-tight break-words text-ink">{title}</h1>
                <p className="mt-1 text-sm text-muted" data-testid="shared-by">
                  {entry ? `${PEOPLE_TEXT.sharedBy(entry.ownerName)} · ` : ''}
                  {role}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <PresenceSlot fileId={fileId} />
                <CommentsToggle />
              </div>
            </header>
            {!editable && (
              <p className="mb-4 rounded-md bg-cream px-3 py-2 text-sm text-ink-soft">
                {access.role === 'commenter' ? PEOPLE_TEXT.commentOnly : PEOPLE_TEXT.readOnly(role)}
              </p>
            )}
          </>
        }
      />
    </article>
  );
}
