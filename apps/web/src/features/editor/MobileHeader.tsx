import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { SaveStatus } from '@bree/editor';
import { cn } from '../../ui';
import { SaveDot } from './SaveIndicator';

/** Id of the phone's menu (MobileMenu, loaded on a phone only), named by its toggle's aria-controls. */
export const MOBILE_MENU_ID = 'mobile-menu';

/** The document-level event the settings tap raises (docs/PRODUCT.md#editor). */
export const DOCUMENT_SETTINGS_EVENT = 'bree:document-settings';
export interface DocumentSettingsDetail {
  x: number;
  y: number;
  source: 'mobile-header';
}

const SETTINGS_DEBOUNCE_MS = 300;

interface Props {
  title: string;
  /** The small line under the title ('Variant of …', 'Workspace master'), or null. */
  subtitle?: string | null;
  status: SaveStatus;
  /** The element that scrolls the document: the bar hides when it scrolls down. */
  scrollRef: RefObject<HTMLElement | null>;
  editing: boolean;
  menuOpen: boolean;
  /** The menu toggle, so the menu can give focus back to it. */
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  onBack(): void;
  onOpenActions(): void;
  onUndo(): void;
  onRedo(): void;
  onToggleMenu(): void;
}

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-ink-soft hover:bg-cream-deep focus-visible:outline-2 focus-visible:outline-accent';

/** The cream mobile header: back, document actions (status icon), settings, title, undo, redo, menu. */
export function MobileHeader({
  title,
  subtitle = null,
  status,
  scrollRef,
  editing,
  menuOpen,
  menuButtonRef,
  onBack,
  onOpenActions,
  onUndo,
  onRedo,
  onToggleMenu,
}: Props) {
  const [hidden, setHidden] = useState(false);
  const lastTap = useRef(0);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    let lastY = el.scrollTop;
    const onScroll = () => {
      const y = el.scrollTop;
      // A few pixels of jitter (momentum, keyboard) must not flicker the bar.
      if (Math.abs(y - lastY) < 8) return;
      setHidden(y > lastY && y > 56);
      lastY = y;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scrollRef]);

  const openSettings = (event: React.MouseEvent<HTMLButtonElement>) => {
    const now = Date.now();
    if (now - lastTap.current < SETTINGS_DEBOUNCE_MS) return;
    lastTap.current = now;
    const detail: DocumentSettingsDetail = { x: event.clientX, y: event.clientY, source: 'mobile-header' };
    document.dispatchEvent(new CustomEvent(DOCUMENT_SETTINGS_EVENT, { detail }));
  };

  return (
    <header
      data-testid="mobile-header"
      data-hidden={hidden}
      className={cn('sticky top-0 z-30 bg-cream shadow-sm transition-transform duration-200', hidden && '-translate-y-full')}
    >
      <div aria-hidden="true" className="mx-auto h-1 w-10 translate-y-1 rounded-full bg-line-strong" data-testid="drag-handle" />
      <div className="flex h-12 items-center gap-1 px-1">
        <button type="button" aria-label="Go back to previous page" className={iconButton} onClick={onBack}>
          ←
        </button>
        <button type="button" aria-label="Open Document Actions" className={iconButton} onClick={onOpenActions}>
          <SaveDot status={status} />
        </button>
        <button type="button" aria-label="Open settings" className={iconButton} onClick={openSettings}>
          ⚙
        </button>
        <h1 className="min-w-0 flex-1 truncate px-1 text-center font-serif text-base font-semibold text-ink" data-testid="mobile-title">
          {title || 'Bree'}
        </h1>
        <button type="button" aria-label="Undo last action" className={iconButton} onClick={onUndo}>
          ↶
        </button>
        <button type="button" aria-label="Redo last action" className={iconButton} onClick={onRedo}>
          ↷
        </button>
        <button
          ref={menuButtonRef}
          type="button"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          className={iconButton}
          onClick={onToggleMenu}
        >
          {editing ? '✓' : '☰'}
        </button>
      </div>
      {/* A line of its own, the header's whole width, so a variant never looks like its master (docs/PRODUCT.md#editor). */}
      {subtitle && (
        <p className="truncate px-3 pb-1 text-center text-xs text-muted" data-testid="mobile-subtitle">
          {subtitle}
        </p>
      )}
    </header>
  );
}
