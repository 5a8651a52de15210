import { useSyncExternalStore } from 'react';
import type { Editor } from '@tiptap/core';
import { cn } from '../../ui';
import { HeadingMenu } from './HeadingMenu';
import { TableMenuSlot } from './tables/TableMenuSlot';
import { MoreButton } from './MoreButton';
import { SHORTCUTS, ariaKeys, tooltipFor } from './shortcuts';
import { TOOLBAR_ORDER, arrangeToolbar } from './toolbarArrangement';
import { useToolItems } from './toolbarItems';
import type { ToolActions, ToolItem } from './toolbarItems';

function ToolButton({ item, size }: { item: ToolItem; size: 'desktop' | 'mobile' }) {
  return (
    <button
      type="button"
      aria-label={item.label}
      // The tooltip names the keys too: 'Bold (Ctrl+B)' (docs/PRODUCT.md#editor).
      title={item.shortcut ? tooltipFor({ id: item.shortcut }) : item.label}
      aria-keyshortcuts={item.shortcut ? ariaKeys({ keys: SHORTCUTS[item.shortcut].keys }) : undefined}
      {...(item.pressed === undefined ? {} : { 'aria-pressed': item.pressed })}
      disabled={item.disabled}
      // Keeps the selection in the editor while the button is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={item.run}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md px-2 text-sm text-ink-soft',
        size === 'mobile' ? 'h-11 min-w-11' : 'h-9 min-w-9',
        'hover:bg-cream-deep hover:text-ink disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-accent',
        item.pressed && 'bg-cream-deep font-semibold text-ink',
      )}
    >
      {item.icon}
    </button>
  );
}

function subscribeResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's width: the phone's bar spans it. */
function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => 0,
  );
}

interface ToolbarProps extends ToolActions {
  editor: Editor;
  variant: 'desktop' | 'mobile';
  /** Mobile: how much of the page the on-screen keyboard covers; the bar sits just above it. */
  bottomInset?: number;
  /** Extra controls at the end (dictation and the assistant's actions): always in the bar. */
  extra?: React.ReactNode;
}

/** Formatting toolbar: the desktop row with every button, or the phone's bar with the most used ones and 'More'. */
export function Toolbar({ editor, onUndo, onRedo, onLink, onFind, variant, bottomInset = 0, extra }: ToolbarProps) {
  const tools = useToolItems(editor, { onUndo, onRedo, onLink, onFind });
  const width = useWindowWidth();
  const mobile = variant === 'mobile';
  const { visible, more } = mobile ? arrangeToolbar({ width }) : { visible: [...TOOLBAR_ORDER], more: [] };
  return (
    <div
      role="toolbar"
      aria-label={mobile ? 'Formatting' : 'Formatting toolbar'}
      style={mobile && bottomInset > 0 ? { bottom: bottomInset } : undefined}
      className={cn(
        'flex flex-wrap items-center gap-0.5',
        mobile
          ? // Every button is a 44 px touch target; a recording's controls take a second row rather than leaving the screen.
            'fixed inset-x-0 bottom-0 z-30 border-t border-line bg-cream px-2 py-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] [&_button]:min-h-11 [&_button]:min-w-11'
          : 'border-b border-line bg-surface px-3 py-1.5',
      )}
    >
      {visible.map((id) =>
        id === 'textStyle' ? (
          // The text style comes first, as in Google Docs.
          <span key={id} className="inline-flex items-center">
            <HeadingMenu editor={editor} />
            <span className="mx-1 h-5 w-px shrink-0 bg-line" aria-hidden="true" />
          </span>
        ) : (
          <ToolButton key={id} item={tools[id]} size={variant} />
        ),
      )}
      <TableMenuSlot editor={editor} size={variant} />
      {extra}
      {more.length > 0 && <MoreButton editor={editor} items={more} tools={tools} />}
    </div>
  );
}
