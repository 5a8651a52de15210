import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { GRANT_MESSAGES, type GrantAcceptAnswer } from '@bree/contracts';
import { useNavigate } from '../../app/navigation';
import { useServices } from '../../app/services';
import type { ApiClient } from '../../lib/api';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { Button, buttonClasses, Spinner } from '../../ui';
import { acceptInvitation } from './api';
import { PEOPLE_TEXT } from './roles';

// A link works once: the page's effect may run twice (StrictMode, a remount), the request goes once per token.
const accepting = new Map<string, Promise<GrantAcceptAnswer>>();
function acceptOnce(api: ApiClient, token: string): Promise<GrantAcceptAnswer> {
  let pending = accepting.get(token);
  if (!pending) {
    pending = acceptInvitation(api, token);
    accepting.set(token, pending);
    // A failure that was not the server's answer (offline) may be tried again.
    pending.catch(() => accepting.delete(token));
  }
  return pending;
}

/** Where an accepted document opens: the owner's own editor, or the page for a document shared with the caller. */
export const sharedDocumentPath = (answer: { fileId: string; role: string }) =>
  answer.role === 'owner' ? `/app/${answer.fileId}` : `/app/shared/${answer.fileId}`;

/**
 * /app/invite/{token}: the signed-in invitee (RequireAuth sent anyone else to sign in or sign up
 * and back) takes the invitation, and the document opens.
 */
export function InvitePage({ token }: { token: string }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    acceptOnce(api, token).then(
      (answer) => {
        if (!live) return;
        notify.success(`${PEOPLE_TEXT.sharedBy(answer.ownerName)}: “${answer.name}” is in your documents under '${PEOPLE_TEXT.sharedWithMe}'.`);
        navigate(sharedDocumentPath(answer), { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        const answered = isApiError(error) && error.status > 0 && error.status < 500;
        setFailure(
          answered
            ? { message: error.message, retry: false }
            : { message: 'The invitation could not be opened. Check your connection and try again.', retry: true },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [api, token, navigate, attempt]);

  if (!failure) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted">
        <Spinner size="sm" label={PEOPLE_TEXT.accepting} showLabel />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <h1 className="font-serif text-2xl font-semibold text-ink">Invitation</h1>
      <p className="mt-3 text-ink-soft" role="alert">
        {failure.message || GRANT_MESSAGES.invitationNotFound}
      </p>
      <div className="mt-6 flex justify-center gap-2">
        {failure.retry && (
          <Button
            onClick={() => {
              setFailure(null);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        )}
        <Link to="/app" className={buttonClasses({ variant: 'secondary' })}>
          Go to your documents
        </Link>
      </div>
    </div>
  );
}
