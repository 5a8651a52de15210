import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AUTH } from '@bree/contracts';
import { LoadingScreen } from '../../ui';
import { useServices } from '../../app/services';
import { AuthErrorNotice } from './AuthErrorNotice';
import { useSession } from './useSession';
import { claimAutoRedirect } from './urlGuards';

/**
 * Protected-route wrapper: renders children for a signed-in user; otherwise sends the visitor to
 * sign in with returnTo = the wanted path. On an auth error it redirects once after 250 ms.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const { tokens, config } = useServices();
  const [path] = useLocation();
  const search = useSearch();
  // wouter follows no hash; it is read as the page renders.
  const returnTo = `${path}${search ? `?${search}` : ''}${window.location.hash}`;
  const redirected = useRef(false);

  useEffect(() => {
    if (session.status !== 'unauthenticated' || redirected.current) return;
    redirected.current = true;
    void tokens.signIn({ returnTo });
  }, [session.status, tokens, returnTo]);

  const autoRedirect = useRef<boolean | null>(null);
  useEffect(() => {
    if (session.status !== 'error') return;
    // Claimed once per mount (StrictMode re-runs effects), and once per tab via session storage.
    autoRedirect.current ??= claimAutoRedirect();
    if (!autoRedirect.current) return;
    console.error('[auth] authentication error; redirecting to sign-in once', session.error);
    const timer = setTimeout(() => void tokens.signIn({ returnTo }), AUTH.errorRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [session.status, session.error, tokens, returnTo]);

  if (session.status === 'authenticated') return children;
  if (session.status === 'error') {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6">
        <AuthErrorNotice returnTo={returnTo} />
      </main>
    );
  }
  return <LoadingScreen label={session.status === 'unauthenticated' ? 'Redirecting to sign-in…' : `Loading ${config.productName}`} />;
}
