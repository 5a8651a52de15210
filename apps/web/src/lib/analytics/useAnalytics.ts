import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useServices } from '../../app/services';
import { createAnalytics } from './analytics';
import { contentGroupFor, SCROLL_EVENT_AFTER_MS } from './contentGroups';

let shared: ReturnType<typeof createAnalytics> | null = null;

/**
 * Records a page view with its content group on every page change, and the scroll event once a
 * reader has stayed 10 s on a page. Nothing at all unless the server names an analytics provider.
 */
export function useAnalytics(): void {
  const { config } = useServices();
  const { pathname } = useLocation();
  // One script per page load, however often the layout re-renders.
  const analytics = useMemo(() => (shared ??= createAnalytics(config.analytics)), [config.analytics]);

  useEffect(() => {
    const group = contentGroupFor(pathname);
    analytics.pageview(group);
    const timer = window.setTimeout(() => analytics.event('scroll', group), SCROLL_EVENT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [analytics, pathname]);
}
