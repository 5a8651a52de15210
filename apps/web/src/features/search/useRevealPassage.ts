import type { Editor } from '@tiptap/core';
import { useEffect, useRef } from 'react';
import { useNavigationState } from '../../app/navigation';
import { passageTargetFrom } from './passageTarget';
import { locatePassage } from './plainTextMap';
import type { DocRange } from './plainTextMap';

/** Frames to wait at most for the editor's text to be on the page. */
const MAX_FRAMES = 60;

/** Selects the range, gives the text focus and brings the range to the middle of its scrolling area. */
function reveal(editor: Editor, range: DocRange): void {
  editor.chain().setTextSelection(range).focus(undefined, { scrollIntoView: false }).run();
  const { node } = editor.view.domAtPos(range.from);
  const element = node instanceof Element ? node : node.parentElement;
  element?.scrollIntoView({ block: 'center' });
}

/**
 * A document opened from a search result opens at the matched words: they are selected and
 * scrolled into view once the text is on the page. A selection is not an edit, so autosave and
 * undo do not see it.
 */
export function useRevealPassage(editor: Editor | null): void {
  // The entry's state object stands for the navigation: a new one comes with every search result opened.
  const state = useNavigationState();
  const shownFor = useRef<unknown>(null);
  useEffect(() => {
    if (!editor || shownFor.current === state) return;
    const target = passageTargetFrom(state);
    if (!target) return;
    let frames = 0;
    let frame = 0;
    const attempt = () => {
      if (editor.isDestroyed) return;
      if (!editor.view.dom.isConnected && frames++ < MAX_FRAMES) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      shownFor.current = state;
      const range = locatePassage(editor.state.doc, target);
      if (range) reveal(editor, range);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [editor, state]);
}
