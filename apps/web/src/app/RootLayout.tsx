import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isStuckLoginUrl } from '../features/auth';
import { useAnalytics } from '../lib/analytics';

/** Wraps every route: cleans stuck sign-in URLs, restores scroll positions and records page views (when analytics is set up). */
export function RootLayout() {
  const location = useLocation();
  useAnalytics();
  // Render nothing of the page itself, so it can't start a sign-in of its own first.
  if (isStuckLoginUrl(location.pathname, location.search)) return <Navigate to="/" replace />;
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
