import type { Editor } from '@tiptap/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { passageTargetFrom } from './passageTarget';
import { locatePassage } from './plainTextMap';

/**
 * A document opened from a search result opens at the matched words: they are selected and
 * scrolled into view. A selection is not an edit, so autosave and undo do not see it.
 */
export function useRevealPassage(editor: Editor | null): void {
  const location = useLocation();
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!editor || editor.isDestroyed || shownFor.current === location.key) return;
    const target = passageTargetFrom(location.state);
    if (!target) return;
    shownFor.current = location.key;
    const range = locatePassage(editor.state.doc, target);
    if (!range) return;
    editor.chain().focus(undefined, { scrollIntoView: false }).setTextSelection(range).scrollIntoView().run();
  }, [editor, location.key, location.state]);
}
