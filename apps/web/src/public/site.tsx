import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { PublicConfig } from '@bree/contracts';

/**
 * What the public pages (landing, legal, and the frame of the billing pages) read: the server's
 * public configuration and whether this browser holds a session. Both the light public entry and
 * the full app provide it, so these pages never need the app's sign-in or data libraries.
 */
export interface PublicSite {
  config: PublicConfig;
  signedIn: boolean;
}

const PublicSiteContext = createContext<PublicSite | null>(null);

/** Makes the public configuration and session state available to the public pages. */
export function PublicSiteProvider({ site, children }: { site: PublicSite; children: ReactNode }) {
  return <PublicSiteContext.Provider value={site}>{children}</PublicSiteContext.Provider>;
}

/** The public configuration and whether a session is stored in this browser. */
export function usePublicSite(): PublicSite {
  const site = useContext(PublicSiteContext);
  if (!site) throw new Error('usePublicSite must be used inside <PublicSiteProvider>');
  return site;
}
