import type { Editor } from '@tiptap/core';
import { useEffect, useState } from 'react';

/** The on-screen keyboard counts as open once it hides more than this much of the window (docs/PRODUCT.md#editor). */
export const KEYBOARD_THRESHOLD_PX = 150;
/** After focusing, how long to wait for the keyboard before bringing the caret into view (docs/PRODUCT.md#editor). */
export const KEYBOARD_WAIT_MS = 800;

export interface ViewportSize {
  innerHeight: number;
  viewportHeight: number;
  offsetTop: number;
}

/** Whether the keyboard is open, and how far from the bottom it covers the page. */
export function keyboardState({ innerHeight, viewportHeight, offsetTop }: ViewportSize): { open: boolean; inset: number } {
  const covered = Math.max(0, innerHeight - viewportHeight - offsetTop);
  const open = innerHeight - viewportHeight > KEYBOARD_THRESHOLD_PX;
  return { open, inset: open ? covered : 0 };
}

/**
 * Keyboard-aware layout on phones: reports the part of the page the keyboard covers (the
 * formatting bar sits above it), and after the editor gains focus waits up to 800 ms for the
 * keyboard, then scrolls the caret into view so it is not left behind the keyboard.
 */
export function useVirtualKeyboard(editor: Editor, enabled: boolean): { open: boolean; inset: number } {
  const [state, setState] = useState({ open: false, inset: 0 });
  useEffect(() => {
    const vv = window.visualViewport;
    if (!enabled || !vv) return;
    const read = () => keyboardState({ innerHeight: window.innerHeight, viewportHeight: vv.height, offsetTop: vv.offsetTop });
    const update = () => setState(read());
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const onFocus = () => {
      clearTimeout(waiting);
      const started = Date.now();
      const check = () => {
        if (read().open) {
          editor.commands.scrollIntoView();
          return;
        }
        // No keyboard within the wait (a hardware keyboard, or none): nothing is covered.
        if (Date.now() - started < KEYBOARD_WAIT_MS) waiting = setTimeout(check, 50);
      };
      check();
    };
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    editor.on('focus', onFocus);
    update();
    return () => {
      clearTimeout(waiting);
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
      editor.off('focus', onFocus);
    };
  }, [editor, enabled]);
  return state;
}
