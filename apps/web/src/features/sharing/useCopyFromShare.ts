import { useNavigate, useOneTimeSearchParam } from '../../app/navigation';
import { ERROR_CODES, SHARE_COPY_MESSAGES, shareCopyAnswerSchema } from '@bree/contracts';
import { useServices } from '../../app/services';
import { isApiError } from '../../lib/api/errors';
import { notify } from '../../lib/toast';

/**
 * 'Make a copy' on a shared page links to /app?copy={slug}: once signed in (the list's own
 * sign-in keeps the address), the list copies the shared document into this account and opens
 * the copy (`onCopied` refreshes the list behind it). The parameter goes first, so a reload or Back never makes a second copy
 * (docs/SHARING.md "Make a copy").
 */
export function useCopyFromShare(onCopied: () => void): void {
  const { api } = useServices();
  const navigate = useNavigate();
  useOneTimeSearchParam('copy', (slug) => {
    if (!slug) return;
    api
      .post(`/shares/${encodeURIComponent(slug)}/copy`, {}, { schema: shareCopyAnswerSchema })
      .then(({ file }) => {
        onCopied();
        notify.success(SHARE_COPY_MESSAGES.copied(file.name));
        void navigate(`/app/${file.id}`);
      })
      .catch((error: unknown) => {
        const gone = isApiError(error) && (error.status === 404 || error.code === ERROR_CODES.shareNotFound);
        notify.error(gone ? SHARE_COPY_MESSAGES.gone : SHARE_COPY_MESSAGES.failed);
      });
  });
}
