import { useEffect, useId, useState } from 'react';
import { SHARE_MESSAGES, type ShareStatus } from '@bree/contracts';
import { useServices } from '../../app/services';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { Button, buttonClasses, cn, Switch } from '../../ui';
import { copyText } from '../editor/clipboard';
import { useFileMetadata } from '../editor/useFileMetadata';
import { getCurrentTenant } from '../tenancy';
import { disableSharing, enableSharing, getShareStatus, regenerateShareUrl } from './api';

/**
 * The server refused (ApiError): the specific message. Anything else (offline, a broken
 * answer) did not reach a decision: the general one.
 */
const failure = (error: unknown, specific: string) => (isApiError(error) ? specific : SHARE_MESSAGES.updateFailed);

/**
 * The writer's choice to show the AI's share of the text on the shared page, said as what readers
 * will see (docs/PROVENANCE.md): the figures only, never which words the AI wrote.
 */
const AUTHORSHIP_SWITCH = {
  label: 'Show readers how much AI wrote',
  description: 'Readers see a line such as “Written by you: 82 % · AI-assisted: 18 %” under the title of the shared page, never which words the AI wrote.',
} as const;

const viewsLabel = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'view' : 'views'} since sharing was switched on`;

/**
 * Settings panel section 'Document Sharing' (docs/PRODUCT.md#sharing): the switch, while on the link with Copy,
 * Regenerate and Open, and the writer's choice to show the AI's share of the text on the shared page.
 */
export function SharingSettings({ fileId }: { fileId: string }) {
  const { api } = useServices();
  const ids = useId();
  const [status, setStatus] = useState<ShareStatus | null>(null);
  const [busy, setBusy] = useState<'toggle' | 'regenerate' | null>(null);
  const { metadata, update } = useFileMetadata({ tenantId: getCurrentTenant(), fileId });
  const [savingAuthorship, setSavingAuthorship] = useState(false);

  useEffect(() => {
    let cancelled = false;
    getShareStatus(api, fileId)
      .then((answer) => {
        if (!cancelled) setStatus(answer);
      })
      .catch(() => {
        if (!cancelled) notify.error(SHARE_MESSAGES.statusFailed);
      });
    return () => {
      cancelled = true;
    };
  }, [api, fileId]);

  const toggle = async () => {
    if (!status) return;
    setBusy('toggle');
    try {
      if (status.isShared) {
        await disableSharing(api, fileId);
        setStatus({ isShared: false, shareUrl: null, shareSlug: null, viewCount: 0 });
        notify.success(SHARE_MESSAGES.disabled);
      } else {
        const link = await enableSharing(api, fileId);
        setStatus({ isShared: true, shareUrl: link.shareUrl, shareSlug: link.shareSlug, viewCount: 0 });
        notify.success(SHARE_MESSAGES.enabled);
      }
    } catch (error) {
      notify.error(failure(error, status.isShared ? SHARE_MESSAGES.disableFailed : SHARE_MESSAGES.enableFailed));
    } finally {
      setBusy(null);
    }
  };

  const regenerate = async () => {
    setBusy('regenerate');
    try {
      const link = await regenerateShareUrl(api, fileId);
      setStatus((s) => (s ? { ...s, shareUrl: link.shareUrl, shareSlug: link.shareSlug } : s));
      notify.success(SHARE_MESSAGES.regenerated);
    } catch {
      notify.error(SHARE_MESSAGES.regenerateFailed);
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    if (status?.shareUrl && (await copyText(status.shareUrl))) notify.success(SHARE_MESSAGES.copied);
    else notify.error(SHARE_MESSAGES.copyFailed);
  };

  const showAuthorship = async (next: boolean) => {
    setSavingAuthorship(true);
    if (!(await update({ showAuthorship: next }))) notify.error(SHARE_MESSAGES.updateFailed);
    setSavingAuthorship(false);
  };

  const shared = status?.isShared === true && status.shareUrl !== null;
  return (
    <section aria-labelledby={`${ids}-heading`}>
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${ids}-heading`} className="font-serif text-base font-semibold text-ink">
          Document Sharing
        </h2>
        <button
          type="button"
          role="switch"
          aria-checked={shared}
          aria-labelledby={`${ids}-heading`}
          aria-busy={busy === 'toggle' || undefined}
          disabled={status === null || busy !== null}
          onClick={() => void toggle()}
          className={cn('relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-60', shared ? 'bg-accent' : 'bg-line-strong')}
        >
          <span
            aria-hidden="true"
            className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform', shared && 'translate-x-5')}
          />
        </button>
      </div>
      <p className="text-sm text-muted">{shared ? 'Anyone with the link can read this document.' : 'Only you can see this document.'}</p>
      {shared && (
        <div className="mt-3 space-y-2">
          <label htmlFor={`${ids}-url`} className="block text-sm font-medium text-ink">
            Share URL
          </label>
          <input
            id={`${ids}-url`}
            readOnly
            value={status.shareUrl ?? ''}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-ink"
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              Copy
            </Button>
            <Button size="sm" variant="secondary" loading={busy === 'regenerate'} disabled={busy !== null} onClick={() => void regenerate()}>
              Regenerate
            </Button>
            <a href={status.shareUrl ?? undefined} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              Open
            </a>
          </div>
          <p className="text-xs text-muted">Regenerate gives a new link; the old one stops working at once.</p>
          <p className="text-xs text-muted" data-testid="share-views">
            {viewsLabel(status.viewCount)}
          </p>
          <Switch
            label={AUTHORSHIP_SWITCH.label}
            description={AUTHORSHIP_SWITCH.description}
            checked={metadata?.showAuthorship === true}
            disabled={metadata === undefined}
            busy={savingAuthorship}
            onChange={(next) => void showAuthorship(next)}
            className="pt-1"
          />
        </div>
      )}
    </section>
  );
}
