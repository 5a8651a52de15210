import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { VERSION_REASON_LABELS, type Version } from '@bree/contracts';
import { useServices } from '../../../app/services';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import { Button, Dialog, Spinner } from '../../../ui';
import { getVersionContent, nameVersion } from '../api';
import { NameVersionDialog } from './NameVersionDialog';
import { RestoreVersionDialog } from './RestoreVersionDialog';
import { VersionDiffView } from './VersionDiffView';
import { VersionText } from './VersionText';
import { diffDocuments } from './versionDiff';

/** What the pane shows: the version's text, or its difference with the editor's text or another version. */
type Mode = { kind: 'read' } | { kind: 'current'; content: unknown } | { kind: 'version'; otherId: string };

export interface VersionPaneProps {
  fileId: string;
  version: Version;
  /** Every version of the document, for 'Compare with…'. */
  versions: Version[];
  isMobile: boolean;
  /** The editor's text now, for 'Compare with current'. */
  currentContent(): unknown;
  /** Restores a version into the editor (EditorWorkspace's useVersionRestore). */
  restore(versionId: string): Promise<void>;
  /** The list changed (a name, a restore). */
  onChanged(): void;
  /** Closes the pane; focus goes back to the version's button. */
  onClose(): void;
  /** Puts focus back on the version's button (the phone's sheet, once it has closed). */
  returnFocus(): void;
}

/** A version's label: its name, else when it was kept. */
export function versionLabel(v: Version): string {
  return v.name ?? formatDateTime(v.createdAt);
}

function useVersionContent(fileId: string, versionId: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['editor', 'version', fileId, versionId],
    queryFn: () => getVersionContent(api, fileId, versionId ?? ''),
    enabled: versionId !== null,
    staleTime: Infinity,
  });
}

/**
 * The reading pane of the History panel (docs/PRODUCT.md#versions): a version's formatted text,
 * its word-level difference with the current text or another version, naming and a restore that
 * asks first. Beside the panel on a desktop (not modal: the list stays usable), a full-screen
 * sheet on a phone. Loaded when a version is first chosen.
 */
export function VersionPane(props: VersionPaneProps) {
  const { fileId, version, versions, isMobile, onClose, returnFocus } = props;
  const { api } = useServices();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'read' });
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const content = useVersionContent(fileId, version.id);
  const other = useVersionContent(fileId, mode.kind === 'version' ? mode.otherId : null);
  const otherVersion = mode.kind === 'version' ? versions.find((v) => v.id === mode.otherId) : undefined;

  // A newly chosen version opens on its text, and the pane takes focus so it is read next.
  useEffect(() => {
    setMode({ kind: 'read' });
    if (!isMobile) headingRef.current?.focus();
  }, [version.id, isMobile]);

  const diff = useMemo(() => {
    if (mode.kind === 'read' || !content.data) return null;
    if (mode.kind === 'current') return diffDocuments({ before: content.data, after: mode.content });
    if (!other.data || !otherVersion) return null;
    // Older to newer, whichever was chosen first.
    const otherIsOlder = otherVersion.createdAt < version.createdAt;
    return diffDocuments({ before: otherIsOlder ? other.data : content.data, after: otherIsOlder ? content.data : other.data });
  }, [mode, content.data, other.data, otherVersion, version.createdAt]);

  const caption =
    mode.kind === 'current'
      ? 'Changes from this version to your current text'
      : otherVersion
        ? otherVersion.createdAt < version.createdAt
          ? `Changes from ${versionLabel(otherVersion)} to this version`
          : `Changes from this version to ${versionLabel(otherVersion)}`
        : '';

  const restore = async () => {
    setRestoring(true);
    try {
      await props.restore(version.id);
      notify.success('Version restored successfully');
      setConfirming(false);
      props.onChanged();
      onClose();
    } catch {
      notify.error('Failed to restore version');
    } finally {
      setRestoring(false);
    }
  };

  const rename = async (name: string) => {
    try {
      await nameVersion(api, { fileId, versionId: version.id, name });
      notify.success('Version named');
      props.onChanged();
    } catch (error) {
      notify.error('Failed to name version');
      throw error;
    }
  };

  const others = versions.filter((v) => v.id !== version.id);
  // The heading is the name, else the time: the line under it never says the time twice.
  const facts = `${version.wordCount} words · ${VERSION_REASON_LABELS[version.reason]}`;
  const meta = version.name ? `${formatDateTime(version.createdAt)} · ${facts}` : facts;
  const body: ReactNode = (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={mode.kind === 'current'}
          onClick={() => setMode({ kind: 'current', content: props.currentContent() })}
        >
          Compare with current
        </Button>
        {others.length > 0 && (
          <select
            aria-label="Compare with…"
            className="h-8 max-w-56 rounded-md border border-line-strong bg-surface px-2 text-sm text-ink"
            value={mode.kind === 'version' ? mode.otherId : ''}
            onChange={(e) => setMode(e.target.value ? { kind: 'version', otherId: e.target.value } : { kind: 'read' })}
          >
            <option value="">Compare with…</option>
            {others.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name ? `${v.name} (${formatDateTime(v.createdAt)})` : `${formatDateTime(v.createdAt)} · ${VERSION_REASON_LABELS[v.reason]}`}
              </option>
            ))}
          </select>
        )}
        <NameVersionDialog
          key={version.id}
          trigger={
            <Button size="sm" variant="secondary">
              {version.name ? 'Rename' : 'Name'}
            </Button>
          }
          title={version.name ? 'Rename version' : 'Name version'}
          initialName={version.name ?? ''}
          onSave={rename}
        />
        <RestoreVersionDialog
          trigger={<Button size="sm">Restore</Button>}
          open={confirming}
          onOpenChange={setConfirming}
          busy={restoring}
          onRestore={() => void restore()}
        />
      </div>
      {mode.kind !== 'read' && (
        <Button size="sm" variant="ghost" className="mt-2 -ml-2" onClick={() => setMode({ kind: 'read' })}>
          Show this version
        </Button>
      )}
      <div className="mt-3">
        {content.isError || other.isError ? (
          <p className="text-sm text-danger">Could not load this version.</p>
        ) : mode.kind === 'read' ? (
          content.data === undefined ? (
            <Spinner label="Loading version" />
          ) : (
            <VersionText content={content.data} />
          )
        ) : diff ? (
          <VersionDiffView diff={diff} caption={caption} />
        ) : (
          <Spinner label="Comparing versions" />
        )}
      </div>
    </>
  );

  if (isMobile) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={versionLabel(version)}
        description={meta}
        variant="sheet"
        className="top-0 !max-h-none !rounded-none"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        {body}
      </Dialog>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      data-testid="version-pane"
      className="absolute top-3 right-full bottom-3 z-30 mr-3 flex w-[min(44rem,calc(100vw-22rem-3rem))] flex-col rounded-xl border border-line bg-surface shadow-pop"
      onKeyDown={(event) => {
        // Keys from the pane's own dialogs reach here through React's tree; they close only those.
        if (event.key !== 'Escape' || event.defaultPrevented || !event.currentTarget.contains(event.target as Node)) return;
        event.preventDefault();
        onClose();
      }}
    >
      <header className="flex items-start gap-3 border-b border-line px-5 pt-4 pb-3">
        <div className="min-w-0 flex-1">
          <h2 ref={headingRef} id={headingId} tabIndex={-1} className="font-serif text-xl font-semibold [overflow-wrap:anywhere] text-ink focus:outline-none">
            {versionLabel(version)}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{meta}</p>
        </div>
        <button
          type="button"
          aria-label="Close version"
          onClick={onClose}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-cream-deep hover:text-ink"
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{body}</div>
    </section>
  );
}
