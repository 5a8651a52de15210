import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { VERSION_REASON_LABELS } from '@bree/contracts';
import type { Version } from '@bree/contracts';
import { useServices } from '../../../app/services';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import { Button, Spinner, cn } from '../../../ui';
import { getVersionContent, listVersions, restoreVersion } from '../api';
import { contentText } from '../ConflictDialog';
import { versionAuthorshipLabel } from '../versionAuthorship';

interface Props {
  fileId: string;
  tenantId: string;
  /** Loads the restored content and revision into the editor. */
  onRestored(content: unknown, revision: number): void;
}

/** Version history: list (time, words, what made it, how much the AI wrote), a read-only preview, Restore. */
export function HistoryPanel({ fileId, tenantId, onRestored }: Props) {
  const { api } = useServices();
  const [selected, setSelected] = useState<Version | null>(null);
  const [restoring, setRestoring] = useState(false);
  const versions = useQuery({ queryKey: ['editor', 'versions', fileId], queryFn: () => listVersions(api, fileId), staleTime: 0 });
  const preview = useQuery({
    queryKey: ['editor', 'version', fileId, selected?.id],
    queryFn: () => getVersionContent(api, fileId, selected?.id ?? ''),
    enabled: selected !== null,
  });

  const restore = async () => {
    if (!selected) return;
    setRestoring(true);
    try {
      const answer = await restoreVersion(api, { tenantId, fileId, versionId: selected.id });
      onRestored(answer.content, answer.revision);
      notify.success('Version restored successfully');
      setSelected(null);
      void versions.refetch();
    } catch {
      notify.error('Failed to restore version');
    } finally {
      setRestoring(false);
    }
  };

  if (versions.isPending) return <Spinner label="Loading versions" />;
  if (versions.isError) return <p className="text-sm text-danger">Could not load the version history.</p>;
  if (versions.data.length === 0) return <p className="text-sm text-muted">No versions yet. Versions are kept while you write.</p>;

  return (
    <div className="space-y-3">
      <ul aria-label="Versions" className="space-y-1">
        {versions.data.map((v) => {
          const authored = versionAuthorshipLabel(v.authorship);
          return (
            <li key={v.id}>
              <button
                type="button"
                aria-pressed={selected?.id === v.id}
                onClick={() => setSelected(v)}
                className={cn('w-full rounded-md border border-line p-2 text-left hover:bg-cream-deep', selected?.id === v.id && 'border-accent bg-cream-deep')}
              >
                <span className="block text-sm font-medium text-ink">{formatDateTime(v.createdAt)}</span>
                <span className="block text-xs text-muted">
                  {v.wordCount} words · {VERSION_REASON_LABELS[v.reason]}
                </span>
                {authored && (
                  <span className="block text-xs text-ink-soft" data-testid="version-authorship">
                    {authored}
                  </span>
                )}
                <span className="block truncate text-xs text-ink-soft">{v.preview}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {selected && (
        <section aria-label="Version preview" className="rounded-md border border-line bg-paper p-3">
          <div className="max-h-64 overflow-y-auto text-sm whitespace-pre-wrap text-ink" data-testid="version-preview">
            {preview.isPending ? <Spinner label="Loading preview" /> : contentText(preview.data)}
          </div>
          <Button className="mt-3 w-full" loading={restoring} onClick={() => void restore()}>
            Restore
          </Button>
        </section>
      )}
    </div>
  );
}
