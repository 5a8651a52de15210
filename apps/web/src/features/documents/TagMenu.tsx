import { AUTHENTICITY_SHORT, AUTHENTICITY_TAGS } from '@bree/contracts';
import type { Authenticity } from '@bree/contracts';
import type { ReactNode } from 'react';
import { cn, Menu, MenuItem } from '../../ui';

const TONES: Record<Authenticity, string> = {
  Human: 'border-success/30 bg-success/10 text-success',
  'AI-Assisted': 'border-accent/25 bg-accent-soft text-accent-strong',
  AI: 'border-warning/30 bg-warning/10 text-warning',
  Untagged: 'border-line-strong bg-cream text-muted',
};

/** Menu items Human, AI-Assisted, AI, Untagged (that order, docs/PRODUCT.md#documents), the current one ticked. */
function TagItems({ current, onSelect }: { current?: Authenticity; onSelect: (tag: Authenticity) => void }) {
  return AUTHENTICITY_TAGS.map((tag) => (
    <MenuItem key={tag} onSelect={() => onSelect(tag)}>
      <span
        aria-hidden="true"
        className={cn('inline-flex h-5 min-w-8 items-center justify-center rounded border px-1 text-[0.6875rem] font-semibold', TONES[tag])}
      >
        {AUTHENTICITY_SHORT[tag]}
      </span>
      <span className="flex-1">{tag}</span>
      {current === tag && (
        <span aria-label="(current)" className="text-accent">
          ✓
        </span>
      )}
    </MenuItem>
  ));
}

/** A row's tag badge (H / AI+ / AI / ?) that opens the tag menu; Radix closes it on outside click. */
export function TagBadgeMenu({
  tag,
  fileName,
  disabled,
  onSelect,
}: {
  tag: Authenticity;
  fileName: string;
  disabled?: boolean;
  onSelect: (tag: Authenticity) => void;
}) {
  return (
    <Menu
      align="start"
      label={`Tag for ${fileName}`}
      trigger={
        <button
          type="button"
          disabled={disabled}
          aria-label={`Tag for ${fileName}: ${tag}`}
          title={tag}
          className={cn(
            'inline-flex h-7 w-10 shrink-0 cursor-pointer items-center justify-center rounded-md border text-xs font-semibold transition-colors',
            'hover:brightness-95 disabled:cursor-not-allowed disabled:opacity-60',
            TONES[tag],
          )}
        >
          {AUTHENTICITY_SHORT[tag]}
        </button>
      }
    >
      <TagItems current={tag} onSelect={onSelect} />
    </Menu>
  );
}

/** The selection toolbar's Tag menu. */
export function BulkTagMenu({ trigger, onSelect }: { trigger: ReactNode; onSelect: (tag: Authenticity) => void }) {
  return (
    <Menu align="end" label="Tag selected documents" trigger={trigger}>
      <TagItems onSelect={onSelect} />
    </Menu>
  );
}
