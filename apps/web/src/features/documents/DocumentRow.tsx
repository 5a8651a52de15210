import { isTranscribingNow, type Authenticity, type FileSummary } from '@bree/contracts';
import { memo } from 'react';
import { Link } from 'wouter';
import { cn, Menu, MenuItem, MenuSeparator, Spinner } from '../../ui';
import { formatLastModified } from './lastModified';
import { similarNameHint } from './similarName';
import { TagBadgeMenu } from './TagMenu';
import { ROW_HEIGHT_PX } from './visibleRows';

import { DOWNLOAD_FORMATS, type DownloadFormat } from '../files';

export type RowAction = 'rename' | 'delete' | 'copy' | 'convert' | 'repository' | { download: DownloadFormat };

export interface DocumentRowProps {
  file: FileSummary;
  selected: boolean;
  now: Date;
  onToggle: (file: FileSummary) => void;
  onTag: (file: FileSummary, tag: Authenticity) => void;
  onAction: (file: FileSummary, action: RowAction) => void;
  /** Comment threads on it not yet resolved (docs/COLLABORATION.md "Comments"). */
  openComments?: number;
}

function WorkspaceIcon() {
  return (
    <span role="img" aria-label="Workspace" title="Workspace" className="inline-flex shrink-0 items-center text-accent">
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4" aria-hidden="true">
        <rect x="3" y="3" width="6" height="6" rx="1.2" />
        <rect x="11" y="3" width="6" height="6" rx="1.2" />
        <rect x="3" y="11" width="6" height="6" rx="1.2" />
        <rect x="11" y="11" width="6" height="6" rx="1.2" />
      </svg>
    </span>
  );
}

function MoreIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
      <circle cx="4.5" cy="10" r="1.5" />
      <circle cx="10" cy="10" r="1.5" />
      <circle cx="15.5" cy="10" r="1.5" />
    </svg>
  );
}

/** One document: checkbox, tag badge, name (opens the editor), last edit, workspace mark, more actions. */
export const DocumentRow = memo(function DocumentRow({ file, selected, now, onToggle, onTag, onAction, openComments = 0 }: DocumentRowProps) {
  const name = file.displayName;
  const transcribing = isTranscribingNow(file.metadata, now.getTime());
  const isMaster = Boolean(file.metadata.isMaster);
  const edited = transcribing ? 'Processing audio…' : formatLastModified(file.lastModified, now);
  // Another document's name looks the same ("Report", "report", Cyrillic "Rероrt"): said, not left as silent twins.
  const similar = similarNameHint(file);

  return (
    <li
      // At least one row high: a long name wraps (its badges move below it) rather than being cut.
      style={{ minHeight: ROW_HEIGHT_PX }}
      className={cn('flex items-center gap-2 border-b border-line px-2 last:border-b-0 sm:gap-3 sm:px-4', selected ? 'bg-accent-soft/60' : 'hover:bg-cream/70')}
    >
      <label className="inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggle(file)}
          aria-label={`Select ${name}`}
          className="size-4 cursor-pointer accent-accent"
        />
      </label>
      <TagBadgeMenu tag={file.metadata.authenticity ?? 'Untagged'} fileName={name} disabled={transcribing} onSelect={(tag) => onTag(file, tag)} />
      <div className="min-w-0 flex-1 py-1.5 sm:flex sm:items-center sm:gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 sm:flex-1">
          {transcribing ? (
            <span aria-disabled="true" className="min-w-0 font-medium [overflow-wrap:anywhere] text-muted">
              {name}
            </span>
          ) : (
            <Link
              to={`/app/${file.id}`}
              className="min-w-0 rounded-sm font-medium [overflow-wrap:anywhere] text-ink underline-offset-4 hover:text-accent-strong hover:underline"
            >
              {name}
            </Link>
          )}
          {isMaster && <WorkspaceIcon />}
          {isMaster && file.variantCount !== undefined && (
            <span className="shrink-0 rounded-full bg-cream-deep px-2 py-0.5 text-xs text-ink-soft" data-testid="variant-count">
              {file.variantCount} {file.variantCount === 1 ? 'variant' : 'variants'}
            </span>
          )}
          {file.isRepository && (
            <span
              title="In your repository: Bree learns your voice from it"
              className="shrink-0 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent-strong"
            >
              In repository
            </span>
          )}
          {openComments > 0 && (
            <span
              data-testid="comment-count"
              title={`${openComments} open ${openComments === 1 ? 'comment' : 'comments'}`}
              className="inline-flex shrink-0 items-center gap-1 rounded-full bg-cream-deep px-2 py-0.5 text-xs text-ink-soft"
            >
              <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" className="size-3.5" aria-hidden="true">
                <path d="M4 4h12v9H9l-4 3v-3H4z" />
              </svg>
              {openComments}
              <span className="sr-only"> open {openComments === 1 ? 'comment' : 'comments'}</span>
            </span>
          )}
          {transcribing && (
            <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-cream-deep px-2 py-0.5 text-xs text-ink-soft">
              <Spinner size="sm" label="Transcribing" className="[&>span]:size-3" />
              Transcribing…
            </span>
          )}
          {similar && (
            <span data-testid="similar-name" className="basis-full text-xs [overflow-wrap:anywhere] text-warning">
              {similar}
            </span>
          )}
        </div>
        <p className="truncate text-xs text-muted sm:w-52 sm:shrink-0 sm:text-right sm:text-sm">{edited}</p>
      </div>
      <Menu
        label={`Actions for ${name}`}
        trigger={
          <button
            type="button"
            aria-label={`More actions for ${name}`}
            className="inline-flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted hover:bg-cream-deep hover:text-ink"
          >
            <MoreIcon />
          </button>
        }
      >
        <MenuItem onSelect={() => onAction(file, 'rename')} disabled={transcribing}>
          Rename
        </MenuItem>
        <MenuItem onSelect={() => onAction(file, 'copy')} disabled={transcribing}>
          Copy
        </MenuItem>
        {!isMaster && (
          <MenuItem onSelect={() => onAction(file, 'convert')} disabled={transcribing}>
            Convert to workspace
          </MenuItem>
        )}
        <MenuItem onSelect={() => onAction(file, 'repository')} disabled={transcribing}>
          {file.isRepository ? 'Remove from repository' : 'Add to repository'}
        </MenuItem>
        <MenuSeparator />
        {DOWNLOAD_FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onSelect={() => onAction(file, { download: format })} disabled={transcribing}>
            {label}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem tone="danger" onSelect={() => onAction(file, 'delete')}>
          Delete
        </MenuItem>
      </Menu>
    </li>
  );
});
