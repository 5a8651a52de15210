/**
 * Where the Checks draw their findings: the part of the document on screen, widened by at least a
 * screen's worth each way, and followed as the writer scrolls (docs/CHECKS.md "Typing speed").
 */
import { useEffect } from 'react';
import type { Editor } from '@tiptap/core';
import type { EditorView } from '@tiptap/pm/view';
import { checksKey, drawWindowOf, type DrawWindow } from './checksPlugin';

/** Positions drawn beyond the screen each way, at least (a few paragraphs). */
const MIN_MARGIN = 2000;

/** The stretch of the document on screen now, or null when it cannot be told (then everything is drawn). */
export function screenRange(view: EditorView): DrawWindow | null {
  try {
    const rect = view.dom.getBoundingClientRect();
    const top = Math.max(rect.top, 0) + 2;
    const bottom = Math.min(rect.bottom, window.innerHeight) - 2;
    const left = rect.left + rect.width / 2;
    const size = view.state.doc.content.size;
    if (bottom <= top) return { from: 0, to: 0 };
    const from = view.posAtCoords({ left, top })?.pos ?? 0;
    const to = view.posAtCoords({ left, top: bottom })?.pos ?? size;
    return { from, to };
  } catch {
    return null;
  }
}

/** The window for a screen range: the range and as much again each way. */
export function windowAround(range: DrawWindow, size: number): DrawWindow {
  const margin = Math.max(range.to - range.from, MIN_MARGIN);
  return { from: Math.max(0, range.from - margin), to: Math.min(size, range.to + margin) };
}

/** Whether the screen still sits well inside the window (half the margin left on each side). */
export function stillInside(range: DrawWindow, window: DrawWindow, size: number): boolean {
  const margin = Math.max(range.to - range.from, MIN_MARGIN) / 2;
  return (range.from - margin <= 0 || range.from - margin >= window.from) && (range.to + margin >= size || range.to + margin <= window.to);
}

/** Keeps the drawn window around the screen while the panel is open: set at once, moved on scroll and resize. */
export function useDrawWindow(editor: Editor): void {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      if (editor.isDestroyed) return;
      const range = screenRange(editor.view);
      const size = editor.state.doc.content.size;
      const current = drawWindowOf(editor.state);
      if (range && current && stillInside(range, current, size)) return;
      const next = range && windowAround(range, size);
      editor.view.dispatch(editor.state.tr.setMeta(checksKey, { window: next }).setMeta('addToHistory', false));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    // Any scrolling container: the page on a phone, the editor's pane on a desktop.
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [editor]);
}
