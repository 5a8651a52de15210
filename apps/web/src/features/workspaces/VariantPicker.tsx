import { useState } from 'react';
import type { WorkspaceFile } from '@bree/contracts';
import { VARIANT_LABELS, WORKSPACES } from '@bree/contracts';
import { Link } from 'wouter';
import { Button, cn, Spinner } from '../../ui';
import { variantDisplayLabel } from './rules';

interface Props {
  items: WorkspaceFile[] | undefined;
  loading: boolean;
  /** The open document: highlighted. */
  openId: string;
  onRename(item: WorkspaceFile, label: string): Promise<boolean>;
  onDelete(item: WorkspaceFile): void;
}

/** One variant's label, edited in place: Enter or Save keeps it, Escape or Cancel leaves it. */
function LabelEditor({ item, onDone, onRename }: { item: WorkspaceFile; onDone(): void; onRename: Props['onRename'] }) {
  const [value, setValue] = useState(variantDisplayLabel(item));
  const usable = value.trim() !== '' && value.trim() !== item.variantLabel;
  return (
    <form
      className="flex flex-1 items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (!usable) return;
        onDone();
        void onRename(item, value.trim());
      }}
    >
      <input
        aria-label="Variant label"
        autoFocus
        value={value}
        maxLength={WORKSPACES.maxLabelLength}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onDone();
          }
        }}
        className="min-w-0 flex-1 rounded border border-line-strong bg-surface px-2 py-1 text-sm"
      />
      <Button type="submit" size="sm" disabled={!usable}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

/** The workspace's files (docs/PRODUCT.md#workspaces): master first, then the variants with label and type. */
export function VariantPicker({ items, loading, openId, onRename, onDelete }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  if (loading) return <Spinner size="sm" label="Loading workspace files" />;
  if (!items) return null;
  return (
    <ul aria-label="Workspace files" className="space-y-1">
      {items.map((item) => {
        const label = variantDisplayLabel(item);
        const open = item.fileId === openId;
        return (
          <li key={item.fileId} className={cn('flex items-center gap-1 rounded-md border px-2 py-1', open ? 'border-accent bg-accent-soft/60' : 'border-line')}>
            {editing === item.fileId ? (
              <LabelEditor item={item} onRename={onRename} onDone={() => setEditing(null)} />
            ) : (
              <>
                <Link
                  to={`/app/${item.fileId}`}
                  aria-current={open ? 'page' : undefined}
                  className="min-w-0 flex-1 py-1 text-sm text-ink hover:text-accent-strong hover:underline"
                >
                  <span className="block truncate font-medium">{label}</span>
                  <span className="block text-xs text-muted">
                    {item.isMaster ? 'Master' : item.variantType ? VARIANT_LABELS[item.variantType] : ''}
                    {item.stale && ' · master changed'}
                  </span>
                </Link>
                {item.status === 'generating' && <Spinner size="sm" label={`Writing ${label}`} showLabel={false} />}
                {item.status === 'generating' && <span className="text-xs text-muted">Writing…</span>}
                {!item.isMaster && item.status !== 'generating' && (
                  <>
                    <button
                      type="button"
                      aria-label={`Rename ${label}`}
                      onClick={() => setEditing(item.fileId)}
                      className="rounded px-1.5 py-1 text-xs text-ink-soft hover:bg-cream-deep"
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${label}`}
                      onClick={() => onDelete(item)}
                      className="rounded px-1.5 py-1 text-xs text-danger hover:bg-cream-deep"
                    >
                      Delete
                    </button>
                  </>
                )}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
