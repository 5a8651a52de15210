import type { Editor } from '@tiptap/core';
import { useEffect, useState } from 'react';
import { documentStats, type DocumentStats } from './stats';

/** How long typing must pause before the counts are refreshed. */
const STATS_DELAY_MS = 400;

/**
 * The panel's counts, recomputed once typing pauses: counting walks the whole document,
 * which on a long manuscript costs more than a frame and must not run per keystroke.
 */
export function useDocumentStats(editor: Editor): DocumentStats {
  const [stats, setStats] = useState(() => documentStats(editor.getText({ blockSeparator: '\n' })));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setStats(documentStats(editor.getText({ blockSeparator: '\n' }))), STATS_DELAY_MS);
    };
    editor.on('update', refresh);
    return () => {
      clearTimeout(timer);
      editor.off('update', refresh);
    };
  }, [editor]);
  return stats;
}
