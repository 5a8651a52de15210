import type { ReactNode } from 'react';

/** Id of a page's main element, the usual skip link target. */
export const MAIN_CONTENT_ID = 'main-content';

export interface SkipLinkProps {
  /** Id of the element the link skips to (it must be focusable, e.g. tabIndex={-1}). */
  targetId: string;
  children: ReactNode;
  /** Moves focus itself instead (the editor places its caret). */
  onSkip?: () => void;
}

/**
 * The first stop of the Tab order on app pages: hidden until focused, then shown at the top
 * left; Enter moves focus past the header to the page's main part.
 */
export function SkipLink({ targetId, children, onSkip }: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        // Focus moves by hand: a hash change would go through the router and scroll the page.
        event.preventDefault();
        if (onSkip) onSkip();
        else document.getElementById(targetId)?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-md focus:border focus:border-line focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-ink focus:shadow-pop"
    >
      {children}
    </a>
  );
}
