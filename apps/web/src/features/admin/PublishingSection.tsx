import { useState } from 'react';
import { ADMIN_MESSAGES } from '@bree/contracts';
import { formatDate } from '../../lib/dates';
import { DocumentView } from '../sharing/DocumentView';
import { Card, cn, PageHeader, Spinner } from '../../ui';
import { usePreview, usePublishableDocuments } from './api';
import { PostEditor } from './PostEditor';

/**
 * What an administrator who may not publish reads instead of the manager (docs/PUBLISHING.md): why —
 * PUBLISHING_TENANT is not set, or names another account — and what to set.
 */
export function PublishingUnavailable({ publishingTenantSet, tenantId }: { publishingTenantSet: boolean; tenantId: string }) {
  return (
    <section aria-label="Publishing">
      <PageHeader
        title="Publishing"
        description={publishingTenantSet ? 'Publishing belongs to another account on this Bree.' : 'Publishing is not set up on this Bree.'}
      />
      <Card className="mt-6 max-w-2xl space-y-3 text-sm text-ink-soft">
        <p>
          {publishingTenantSet
            ? 'The server setting PUBLISHING_TENANT names the account that publishes to the blog and the updates page, and it is not this one.'
            : 'Nobody can publish to the blog or the updates page until the server setting PUBLISHING_TENANT names the account that publishes.'}
        </p>
        <p>To publish from this account, set it to your tenant ID and restart Bree:</p>
        <pre className="overflow-x-auto rounded-md bg-cream-deep px-3 py-2 text-ink">
          <code>PUBLISHING_TENANT={tenantId}</code>
        </pre>
      </Card>
    </section>
  );
}

/**
 * The publishing manager: documents eligible for publishing (docs/PRODUCT.md#admin), newest first; the chosen
 * one's preview and its post's draft. Only the publishing tenant may open it; another administrator is told why.
 */
export function PublishingSection({ canPublish, publishingTenantSet, tenantId }: { canPublish: boolean; publishingTenantSet: boolean; tenantId: string }) {
  const documents = usePublishableDocuments(canPublish);
  const [selected, setSelected] = useState<string | null>(null);
  const preview = usePreview(selected);
  if (!canPublish) return <PublishingUnavailable publishingTenantSet={publishingTenantSet} tenantId={tenantId} />;
  const items = documents.data?.items ?? [];
  const current = items.find((d) => d.fileId === selected) ?? null;

  return (
    <section aria-label="Publishing">
      <PageHeader
        title="Publishing"
        description="Publish a document to the blog or the updates page. Readers see the text as it was when you pressed Publish."
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <Card className="p-0">
          <h2 className="border-b border-line px-4 py-3 font-serif text-lg font-semibold text-ink">Documents</h2>
          {documents.isPending && <Spinner showLabel label="Loading documents" className="m-4" />}
          {documents.isError && (
            <p role="alert" className="m-4 text-sm text-danger">
              {ADMIN_MESSAGES.documentsFailed}
            </p>
          )}
          {documents.data && items.length === 0 && <p className="m-4 text-sm text-muted">No documents can be published yet.</p>}
          <ul className="max-h-[60dvh] overflow-y-auto">
            {items.map((d) => (
              <li key={d.fileId} className="border-b border-line last:border-b-0">
                <button
                  type="button"
                  aria-pressed={d.fileId === selected}
                  onClick={() => setSelected(d.fileId)}
                  className={cn('block w-full px-4 py-3 text-left hover:bg-cream-deep', d.fileId === selected && 'bg-accent-soft')}
                >
                  <span className="block truncate font-medium text-ink">{d.name}</span>
                  <span className="mt-0.5 block text-xs text-muted">
                    {formatDate(d.lastModified)} · {d.post ? (d.post.status === 'published' ? `Published in ${d.post.category}` : 'Draft') : 'Not published'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Card>
        <div className="min-w-0 space-y-6">
          {!current && documents.data && items.length > 0 && <p className="text-sm text-muted">Choose a document to preview it and fill in its post.</p>}
          {current && (
            <>
              <Card>
                <h2 className="mb-4 font-serif text-lg font-semibold text-ink">Post</h2>
                <PostEditor key={current.fileId} document={current} />
              </Card>
              <Card>
                <h2 className="mb-4 font-serif text-lg font-semibold text-ink">Preview</h2>
                {preview.isPending && <Spinner label="Loading preview" />}
                {preview.isError && (
                  <p role="alert" className="text-sm text-danger">
                    {ADMIN_MESSAGES.previewFailed}
                  </p>
                )}
                {preview.data && <DocumentView content={preview.data.content} />}
              </Card>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
