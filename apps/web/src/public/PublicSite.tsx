import { StrictMode, useEffect, useMemo } from 'react';
import type { ComponentType } from 'react';
import type { PublicConfig } from '@bree/contracts';
import { usePageAnalytics } from '../lib/analytics/usePageAnalytics';
import { useBrowserValue } from './hydration';
import { hasStoredSession } from './session';
import { PublicSiteProvider } from './site';

export interface PublicPageProps {
  config: PublicConfig;
  pathname: string;
  Page: ComponentType;
  /** Called once the page is interactive (after hydrating the server's HTML). */
  onLive?: () => void;
}

const storedSession = () => hasStoredSession();

/**
 * A public page (landing, privacy, terms, security) with only what it needs. The server renders
 * this same tree into the HTML (render.tsx) and the browser hydrates it, so the two must agree: a
 * stored session is read only once hydrated (signed in changes the calls to action).
 */
export function PublicPage({ config, pathname, Page, onLive }: PublicPageProps) {
  usePageAnalytics(config.analytics, pathname);
  useEffect(() => onLive?.(), [onLive]);
  const signedIn = useBrowserValue(storedSession, false);
  const site = useMemo(() => ({ config, signedIn }), [config, signedIn]);
  return (
    <StrictMode>
      <PublicSiteProvider site={site}>
        <Page />
      </PublicSiteProvider>
    </StrictMode>
  );
}
