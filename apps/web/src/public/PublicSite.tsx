import { StrictMode, Suspense } from 'react';
import type { Root } from 'react-dom/client';
import { PRODUCT_NAME, type PublicConfig } from '@bree/contracts';
import { BootFailure } from '../app/BootFailure';
import { LoadingScreen } from '../ui/Spinner';
import { usePageAnalytics } from '../lib/analytics/usePageAnalytics';
import { publicPageFor } from './pages';
import { hasStoredSession } from './session';
import { PublicSiteProvider, type PublicSite } from './site';

function PublicPage({ site }: { site: PublicSite }) {
  usePageAnalytics(site.config.analytics, window.location.pathname);
  const Page = publicPageFor(window.location.pathname);
  if (!Page) return null;
  return (
    <PublicSiteProvider site={site}>
      <Suspense fallback={<LoadingScreen label={`Loading ${site.config.productName}`} />}>
        <Page />
      </Suspense>
    </PublicSiteProvider>
  );
}

/** Renders a public page (landing, privacy, terms, security) with only what it needs, once the configuration has arrived. */
export async function startPublicSite(root: Root, configRequest: Promise<PublicConfig>): Promise<void> {
  try {
    const config = await configRequest;
    root.render(
      <StrictMode>
        <PublicPage site={{ config, signedIn: hasStoredSession() }} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(`[${PRODUCT_NAME}] start-up failed`, error);
    root.render(<BootFailure />);
  }
}
