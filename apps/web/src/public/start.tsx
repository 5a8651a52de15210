import { hydrateRoot, type Root } from 'react-dom/client';
import type { PublicConfig } from '@bree/contracts';
import { BootFailure } from '../app/BootFailure';
import { loadPublicPage, type PublicPath } from './pages';
import { PublicPage } from './PublicSite';

/**
 * Makes the server's HTML of a public page interactive (the demo, the FAQ, sign-in) with the
 * configuration it was rendered with, so nothing on the page moves.
 */
export async function hydratePublicPage(container: HTMLElement, path: PublicPath, config: PublicConfig, onLive: () => void): Promise<void> {
  const Page = await loadPublicPage(path);
  hydrateRoot(container, <PublicPage config={config} pathname={path} Page={Page} onLive={once(onLive)} />);
}

/** Effects run twice in development (StrictMode): what `onLive` does happens once. */
function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    run();
  };
}

/** A public page the server sent without its HTML (a build without its server renderer): rendered here once the configuration has arrived. */
export async function renderPublicPageInto(root: Root, path: PublicPath, configRequest: Promise<PublicConfig>): Promise<void> {
  try {
    const [config, Page] = await Promise.all([configRequest, loadPublicPage(path)]);
    root.render(<PublicPage config={config} pathname={path} Page={Page} />);
  } catch (error) {
    root.render(<BootFailure />);
    throw error;
  }
}
