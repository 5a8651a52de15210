import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isStuckLoginUrl } from '../features/auth';

/** Wraps every route: cleans stuck sign-in URLs and restores scroll positions. */
export function RootLayout() {
  const location = useLocation();
  // Render nothing of the page itself, so it can't start a sign-in of its own first.
  if (isStuckLoginUrl(location.pathname, location.search)) return <Navigate to="/" replace />;
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
