import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicConfig } from '@bree/contracts';
import LandingRoute from '../routes/landing';
import PrivacyRoute from '../routes/privacy';
import SecurityRoute from '../routes/security';
import TermsRoute from '../routes/terms';
import { publicPathOf, type PublicPath } from './pages';
import { PublicPage } from './PublicSite';

const PAGES: Record<PublicPath, ComponentType> = {
  '/': LandingRoute,
  '/privacy': PrivacyRoute,
  '/terms': TermsRoute,
  '/security': SecurityRoute,
};

/**
 * The server's side of the public pages (built apart as `dist/ssr/render.js`, read by the
 * server's site module): the page's whole HTML for a visitor without JavaScript, a crawler or a
 * link preview, which the browser then hydrates with the same configuration. Null for any other path.
 */
export function renderPublicPage(pathname: string, config: PublicConfig): string | null {
  const path = publicPathOf(pathname);
  if (!path) return null;
  return renderToString(<PublicPage config={config} pathname={path} Page={PAGES[path]} />);
}
