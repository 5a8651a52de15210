import { Fragment } from 'react';
import type { RefObject } from 'react';
import { Dialog } from '../../ui';
import { IS_MAC, SHORTCUTS, SHORTCUT_GROUPS, formatKeys } from './shortcuts';
import type { Shortcut, ShortcutGroup } from './shortcuts';

/** The list the Ctrl+/ dialog shows: each group with its rows, in the table's order. */
export function shortcutList({ mac = IS_MAC }: { mac?: boolean } = {}): { group: ShortcutGroup; rows: { label: string; keys: string[] }[] }[] {
  const all = Object.values(SHORTCUTS) as Shortcut[];
  return SHORTCUT_GROUPS.map((group) => ({
    group,
    rows: all
      .filter((s) => s.group === group)
      .map((s) => ({ label: s.label, keys: [s.keys, ...(s.alternative ? [s.alternative] : [])].map((keys) => formatKeys({ keys, mac })) })),
  }));
}

/** 'Keyboard shortcuts': every shortcut of the editor, read from the one table the tooltips read (docs/PRODUCT.md#editor). */
export function ShortcutsList({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      onCloseAutoFocus={(event) => {
        // Radix gives focus back to its own Trigger only; the keys opened this one, so focus goes back where it was.
        event.preventDefault();
        returnFocus.current?.focus();
      }}
    >
      <div className="space-y-4" data-testid="shortcut-list">
        {shortcutList().map(({ group, rows }) => (
          <section key={group} aria-labelledby={`shortcuts-${group}`}>
            <h3 id={`shortcuts-${group}`} className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
              {group}
            </h3>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              {rows.map((row) => (
                <Fragment key={row.label}>
                  <dt className="text-ink">{row.label}</dt>
                  <dd className="text-right text-ink-soft">
                    {row.keys.map((keys, i) => (
                      <Fragment key={keys}>
                        {i > 0 && <span className="text-muted"> or </span>}
                        <kbd className="rounded border border-line bg-cream px-1.5 py-0.5 font-sans text-xs">{keys}</kbd>
                      </Fragment>
                    ))}
                  </dd>
                </Fragment>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
