import { useEffect } from 'react';
import type { PublicConfig } from '@bree/contracts';
import { createAnalytics } from './analytics';
import { contentGroupFor, SCROLL_EVENT_AFTER_MS } from './contentGroups';

let shared: ReturnType<typeof createAnalytics> | null = null;

/**
 * Records a page view with its content group whenever `pathname` changes, and the scroll event once
 * a reader has stayed 10 s on a page. Nothing at all unless the server names an analytics provider.
 */
export function usePageAnalytics(settings: PublicConfig['analytics'], pathname: string): void {
  useEffect(() => {
    // One script per page load, however often the page re-renders; made in the browser only (the
    // public pages are also rendered on the server).
    const analytics = (shared ??= createAnalytics(settings));
    const group = contentGroupFor(pathname);
    analytics.pageview(group);
    const timer = window.setTimeout(() => analytics.event('scroll', group), SCROLL_EVENT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [settings, pathname]);
}
