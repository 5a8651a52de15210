import { lazy, Suspense } from 'react';
import { useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/core';

// Loaded the first time the caret is in a table: the editor's first load carries none of it (docs/PAGE-WEIGHT.md).
const TableMenu = lazy(() => import('./TableMenu'));

/** The toolbar's 'Table options' button, there while the caret is in a table. */
export function TableMenuSlot({ editor, size }: { editor: Editor; size: 'desktop' | 'mobile' }) {
  const inTable = useEditorState({ editor, selector: ({ editor: e }) => e.isActive('table') });
  if (!inTable) return null;
  return (
    <Suspense fallback={null}>
      <TableMenu editor={editor} size={size} />
    </Suspense>
  );
}
