import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { LoadingScreen } from '../ui';

/** True when the browser loaded this very document for the address now shown (not a route change inside the app). */
function documentWasLoadedHere(href: string): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return entry?.name === href;
}

/**
 * An address the server renders itself (/blog, /updates and their posts). Reached by a route change
 * inside the app, it loads the server's page; when the server itself answered with the app (an
 * address it has no page for), it shows `fallback` instead of loading the same answer again.
 */
export function ServerRenderedPage({ fallback }: { fallback: React.ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  const [servedByApp] = useState(() => documentWasLoadedHere(window.location.href));
  useEffect(() => {
    if (!servedByApp) window.location.replace(window.location.href);
  }, [servedByApp, path, search]);
  return servedByApp ? fallback : <LoadingScreen label="Loading" />;
}
