import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Editor } from '@tiptap/core';

const SMALL =
  'inline-flex h-7 min-w-7 items-center justify-center gap-1 rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent';
const keepSelection = (e: { preventDefault(): void }) => e.preventDefault();

/**
 * Where small controls go for a change drawn in the text: just above its element (below when there
 * is no room), read once per frame after edits, scrolls and resizes, never in the middle of a
 * keystroke's work. Null while `find` finds no element.
 */
export function usePlaceAbove(editor: Editor, find: () => HTMLElement | null, key: unknown): { top: number; left: number } | null {
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const read = () => {
      const el = editor.isDestroyed ? null : find();
      if (!el) return setPlace(null);
      const r = el.getClientRects()[0] ?? el.getBoundingClientRect();
      const top = Math.round(r.top - 34 < 8 ? r.bottom + 4 : r.top - 34);
      const left = Math.round(Math.max(8, Math.min(r.left, window.innerWidth - 120)));
      setPlace((p) => (p && p.top === top && p.left === left ? p : { top, left }));
    };
    read();
    let frame = 0;
    const later = () => {
      if (!frame) frame = window.requestAnimationFrame(() => ((frame = 0), read()));
    };
    editor.on('transaction', later);
    window.addEventListener('scroll', later, true);
    window.addEventListener('resize', later);
    return () => {
      window.cancelAnimationFrame(frame);
      editor.off('transaction', later);
      window.removeEventListener('scroll', later, true);
      window.removeEventListener('resize', later);
    };
    // `find` reads the editor's DOM each time; `key` says which change it looks for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, key]);
  return place;
}

/** A change's own ✓ (Accept this change) and ✕ (Reject this change), floating by it in the text. */
export function FloatingChangeButtons({
  place,
  label,
  testId,
  acceptTitle,
  rejectTitle,
  onAccept,
  onReject,
}: {
  place: { top: number; left: number } | null;
  label: string;
  testId: string;
  acceptTitle?: string;
  rejectTitle?: string;
  onAccept(): void;
  onReject(): void;
}) {
  if (!place) return null;
  return createPortal(
    <div
      role="group"
      aria-label={label}
      data-testid={testId}
      className="fixed z-50 flex gap-1 rounded-lg border border-line bg-surface p-0.5 shadow-pop"
      style={{ top: place.top, left: place.left }}
    >
      <button
        type="button"
        aria-label="Accept this change"
        title={acceptTitle}
        className={`${SMALL} bg-accent text-white hover:bg-accent-strong`}
        onMouseDown={keepSelection}
        onClick={onAccept}
      >
        <span aria-hidden="true">✓</span>
      </button>
      <button
        type="button"
        aria-label="Reject this change"
        title={rejectTitle}
        className={`${SMALL} text-ink-soft hover:bg-cream-deep hover:text-ink`}
        onMouseDown={keepSelection}
        onClick={onReject}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </div>,
    document.body,
  );
}
