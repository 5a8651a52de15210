import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isStuckLoginUrl } from '../features/auth';
import { useAnalytics } from '../lib/analytics';
import { RouteErrorBoundary } from '../lib/errors';
import { useScrollRestoration } from './scrollRestoration';

/** Wraps every route: cleans stuck sign-in URLs, restores scroll positions, records page views (when analytics is set up) and shows a page's render errors. */
export function RootLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  useAnalytics();
  useScrollRestoration();
  // Render nothing of the page itself, so it can't start a sign-in of its own first.
  if (isStuckLoginUrl(path, search ? `?${search}` : '')) return <Redirect to="/" replace />;
  return <RouteErrorBoundary path={path}>{children}</RouteErrorBoundary>;
}
