import { useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/core';
import { matchesKeys } from './shortcuts';
import type { KeyCombo } from './shortcuts';

interface KeyIntoPanelInput {
  editor: Editor;
  /** The keys, from the shortcut table (Alt+F10 for the selection's actions and the link panel). */
  keys: KeyCombo;
  /** Whether the key is the panel's now (read at each press: the selection, a box being typed in). */
  applies(): boolean;
  /** The control that takes the focus: the panel's first button or link, or null while it has none. */
  firstControl(): HTMLElement | null;
  /** Listens only while the panel can show. */
  enabled?: boolean;
}

/**
 * A key pressed in the text moves the focus into a panel beside it, the selection left as it was
 * (docs/PRODUCT.md#editor "By keyboard"). Nothing happens, and the key goes on, when the panel has
 * no control to take it.
 */
export function useKeyIntoPanel({ editor, keys, applies, firstControl, enabled = true }: KeyIntoPanelInput): void {
  // The latest reads, so the listener is added once per editor and not at every render.
  const live = useRef({ applies, firstControl });
  live.current = { applies, firstControl };
  useEffect(() => {
    if (!enabled) return;
    const dom = editor.view.dom;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!matchesKeys({ event, keys }) || !live.current.applies()) return;
      const first = live.current.firstControl();
      if (!first) return;
      event.preventDefault();
      first.focus();
    };
    dom.addEventListener('keydown', onKeyDown);
    return () => dom.removeEventListener('keydown', onKeyDown);
  }, [editor, keys, enabled]);
}
