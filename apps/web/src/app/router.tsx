import { createBrowserRouter } from 'react-router';
import type { ReactNode } from 'react';
import { RequireAuth } from '../features/auth/RequireAuth';
import { RouteErrorScreen } from '../lib/errors';
import { lazyWithRetry } from '../lib/lazy/lazyWithRetry';
import { isLocalDevHost } from '../lib/site';
import { RootLayout } from './RootLayout';
import { SignedInShell } from './SignedInShell';

// One lazily loaded module per route (docs/PRODUCT.md#startup).
const Landing = lazyWithRetry(() => import('../routes/landing'), 'Landing page');
const AppHome = lazyWithRetry(() => import('../routes/app'), 'Documents');
const Trash = lazyWithRetry(() => import('../routes/trash'), 'Trash');
const Account = lazyWithRetry(() => import('../routes/account'), 'Account settings');
const Editor = lazyWithRetry(() => import('../routes/editor'), 'Editor');
const Callback = lazyWithRetry(() => import('../routes/callback'), 'Sign-in');
const SilentCallback = lazyWithRetry(() => import('../routes/silent-callback'), 'Silent sign-in');
const Share = lazyWithRetry(() => import('../routes/share'), 'Shared document');
const Subscription = lazyWithRetry(() => import('../routes/subscription'), 'Subscription');
const BillingSuccess = lazyWithRetry(() => import('../routes/billing-success'), 'Checkout result');
const BillingCancel = lazyWithRetry(() => import('../routes/billing-cancel'), 'Checkout result');
const Privacy = lazyWithRetry(() => import('../routes/privacy'), 'Privacy policy');
const Terms = lazyWithRetry(() => import('../routes/terms'), 'Terms of service');
const Admin = lazyWithRetry(() => import('../routes/admin'), 'Admin portal');
const ApiTest = lazyWithRetry(() => import('../routes/api-test'), 'API test page');
const Blog = lazyWithRetry(() => import('../routes/blog'), 'Blog');
const Updates = lazyWithRetry(() => import('../routes/updates'), 'Updates');
const Security = lazyWithRetry(() => import('../routes/security'), 'Security');
const NotFound = lazyWithRetry(() => import('../routes/not-found'), 'Page');

/** Fetches the editor's route ahead (the document list does, once idle), so opening a document does not wait for it. */
export const preloadEditor = (): Promise<void> => Editor.preload();

const protectedRoute = (page: ReactNode) => (
  <RequireAuth>
    <SignedInShell>{page}</SignedInShell>
  </RequireAuth>
);

/** The /api-test page exists only on localhost; elsewhere the path is simply not found. */
function LocalOnly({ children }: { children: ReactNode }) {
  return isLocalDevHost(window.location.hostname) ? children : <NotFound />;
}

/** Builds the browser router with every route of docs/PRODUCT.md#startup. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <Landing /> },
        { path: 'app', element: protectedRoute(<AppHome />) },
        { path: 'app/trash', element: protectedRoute(<Trash />) },
        { path: 'account', element: protectedRoute(<Account />) },
        { path: 'app/:fileId', element: protectedRoute(<Editor />) },
        { path: 'callback', element: <Callback /> },
        { path: 'silent-callback', element: <SilentCallback /> },
        { path: 'share', element: <Share /> },
        { path: 'share/:slug', element: <Share /> },
        { path: 'subscription', element: <Subscription /> },
        { path: 'billing/success', element: <BillingSuccess /> },
        { path: 'billing/cancel', element: <BillingCancel /> },
        { path: 'privacy', element: <Privacy /> },
        { path: 'terms', element: <Terms /> },
        { path: 'admin/*', element: protectedRoute(<Admin />) },
        {
          path: 'api-test',
          element: (
            <LocalOnly>
              <ApiTest />
            </LocalOnly>
          ),
        },
        { path: 'blog/*', element: <Blog /> },
        { path: 'updates/*', element: <Updates /> },
        { path: 'security', element: <Security /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
