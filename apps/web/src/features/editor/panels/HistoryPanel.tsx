import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { VERSION_REASON_LABELS } from '@bree/contracts';
import type { Version } from '@bree/contracts';
import type { Editor } from '@tiptap/core';
import { useServices } from '../../../app/services';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import { Button, Spinner, cn, useIsMobile } from '../../../ui';
import { listVersions, nameVersion } from '../api';
import { versionAuthorshipLabel } from '../versionAuthorship';
import { NameVersionDialog } from '../versions/NameVersionDialog';

// The reading pane and its comparison (the word-level diff) load when a version is first chosen:
// they are not needed to write (docs/PAGE-WEIGHT.md).
const VersionPane = lazy(() => import('../versions/VersionPane').then((m) => ({ default: m.VersionPane })));

interface Props {
  editor: Editor;
  fileId: string;
  /** Restores a version into the editor (versions/useVersionRestore.ts). */
  restore(versionId: string): Promise<void>;
}

/**
 * Version history (docs/PRODUCT.md#versions): the list (name, time, words, what made it, how much
 * the AI wrote), 'Name this version', and the chosen version in a reading pane beside it.
 */
export function HistoryPanel({ editor, fileId, restore }: Props) {
  const { api } = useServices();
  const isMobile = useIsMobile();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const lastChosen = useRef<string | null>(null);
  const versions = useQuery({ queryKey: ['editor', 'versions', fileId], queryFn: () => listVersions(api, fileId), staleTime: 0 });
  const selected = versions.data?.find((v) => v.id === selectedId) ?? null;

  const returnFocus = () => {
    const id = lastChosen.current;
    (id ? buttons.current.get(id) : undefined)?.focus();
  };
  const close = () => {
    setSelectedId(null);
    if (!isMobile) returnFocus();
  };
  const nameCurrent = async (name: string) => {
    try {
      await nameVersion(api, { fileId, name, content: editor.getJSON() });
      notify.success('Version named');
      void versions.refetch();
    } catch (error) {
      notify.error('Failed to name version');
      throw error;
    }
  };

  const nameButton = (
    <NameVersionDialog
      trigger={
        <Button variant="secondary" size="sm" className="w-full">
          Name this version
        </Button>
      }
      title="Name this version"
      onSave={nameCurrent}
    />
  );

  if (versions.isPending) return <Spinner label="Loading versions" />;
  if (versions.isError) return <p className="text-sm text-danger">Could not load the version history.</p>;
  if (versions.data.length === 0) {
    return (
      <div className="space-y-3">
        {nameButton}
        <p className="text-sm text-muted">No versions yet. Versions are kept while you write.</p>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {nameButton}
      <ul aria-label="Versions" className="space-y-1">
        {versions.data.map((v: Version) => {
          const authored = versionAuthorshipLabel(v.authorship);
          return (
            <li key={v.id}>
              <button
                type="button"
                ref={(el) => {
                  if (el) buttons.current.set(v.id, el);
                  else buttons.current.delete(v.id);
                }}
                aria-pressed={selectedId === v.id}
                onClick={() => {
                  lastChosen.current = v.id;
                  setSelectedId(v.id);
                }}
                className={cn('w-full rounded-md border border-line p-2 text-left hover:bg-cream-deep', selectedId === v.id && 'border-accent bg-cream-deep')}
              >
                {v.name && (
                  <span className="block text-sm font-semibold text-ink" data-testid="version-name">
                    {v.name}
                  </span>
                )}
                <span className={cn('block text-sm text-ink', !v.name && 'font-medium')}>{formatDateTime(v.createdAt)}</span>
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
        <Suspense fallback={<Spinner label="Loading version" />}>
          <VersionPane
            fileId={fileId}
            version={selected}
            versions={versions.data}
            isMobile={isMobile}
            currentContent={() => editor.getJSON()}
            restore={restore}
            onChanged={() => void versions.refetch()}
            onClose={close}
            returnFocus={returnFocus}
          />
        </Suspense>
      )}
    </div>
  );
}
