import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { RequireAuth } from '../features/auth/RequireAuth';
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
const Invite = lazyWithRetry(() => import('../routes/invite'), 'Invitation');
const SharedDocument = lazyWithRetry(() => import('../routes/shared'), 'Shared document');
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

/**
 * Every route of docs/PRODUCT.md#startup, first match wins (so /app/trash comes before /app/:fileId).
 * Paths match as React Router's did: any letter case, an optional trailing slash; `/*?` also matches
 * the bare prefix (/admin, /blog).
 */
export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        <Route path="/">
          <Landing />
        </Route>
        <Route path="/app">{protectedRoute(<AppHome />)}</Route>
        <Route path="/app/trash">{protectedRoute(<Trash />)}</Route>
        <Route path="/account">{protectedRoute(<Account />)}</Route>
        <Route path="/app/invite/:token">{protectedRoute(<Invite />)}</Route>
        <Route path="/app/shared/:fileId">{protectedRoute(<SharedDocument />)}</Route>
        <Route path="/app/:fileId">{protectedRoute(<Editor />)}</Route>
        <Route path="/callback">
          <Callback />
        </Route>
        <Route path="/silent-callback">
          <SilentCallback />
        </Route>
        <Route path="/share">
          <Share />
        </Route>
        <Route path="/share/:slug">
          <Share />
        </Route>
        <Route path="/subscription">
          <Subscription />
        </Route>
        <Route path="/billing/success">
          <BillingSuccess />
        </Route>
        <Route path="/billing/cancel">
          <BillingCancel />
        </Route>
        <Route path="/privacy">
          <Privacy />
        </Route>
        <Route path="/terms">
          <Terms />
        </Route>
        <Route path="/admin/*?">{protectedRoute(<Admin />)}</Route>
        <Route path="/api-test">
          <LocalOnly>
            <ApiTest />
          </LocalOnly>
        </Route>
        <Route path="/blog/*?">
          <Blog />
        </Route>
        <Route path="/updates/*?">
          <Updates />
        </Route>
        <Route path="/security">
          <Security />
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </RootLayout>
  );
}
