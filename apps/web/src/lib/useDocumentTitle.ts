import { useEffect } from 'react';
import { PRODUCT_NAME } from '@bree/contracts';

/** Sets the tab title to "{title} · Bree" (or just "Bree") while the page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
