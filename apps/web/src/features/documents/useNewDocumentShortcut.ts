import { useEffect, useRef } from 'react';
import { useSearchParams } from 'wouter';

/**
 * The installed app's 'New document' shortcut opens /app?new: the list creates a document and
 * opens it. The parameter goes first, so a reload or Back does not create a second one.
 */
export function useNewDocumentShortcut(create: () => Promise<void>): void {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const wanted = params.has('new');
  useEffect(() => {
    if (!wanted || handled.current) return;
    handled.current = true;
    setParams(
      (current) => {
        current.delete('new');
        return current;
      },
      { replace: true },
    );
    void create();
  }, [wanted, setParams, create]);
}
