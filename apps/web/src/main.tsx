import { createRoot } from 'react-dom/client';
import { PRODUCT_NAME } from '@bree/contracts';
import './styles.css';
import { BootFailure } from './app/BootFailure';
import { installOffer } from './features/install/installOffer';
import { installGlobalErrorLogging } from './lib/errors/errorReport';
import { fetchPublicConfig } from './public/config';
import { preloadPublicPage, publicPageFor } from './public/pages';
import { LoadingScreen } from './ui/Spinner';

installGlobalErrorLogging(window);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(<LoadingScreen label={`Loading ${PRODUCT_NAME}`} />);

// The landing and legal pages load without the app's sign-in, data and editor libraries.
// Their code and the configuration are fetched side by side, not one after the other.
const publicPage = publicPageFor(window.location.pathname) !== null;
if (publicPage) preloadPublicPage(window.location.pathname);
const publicConfig = publicPage ? fetchPublicConfig() : null;
// Handled where it is awaited; this keeps an early failure from being reported as unhandled meanwhile.
publicConfig?.catch(() => undefined);
let starting: Promise<void>;
if (publicConfig) {
  starting = import('./public/PublicSite').then((site) => site.startPublicSite(root, publicConfig));
} else {
  // Before the app boots: the browser's install offer can arrive meanwhile (the profile menu offers it).
  installOffer();
  starting = import('./app/startApp').then((app) => app.startApp(root));
}
starting.catch((error: unknown) => {
  // A chunk that cannot be fetched (offline, or replaced by a newer release).
  console.error(`[${PRODUCT_NAME}] start-up failed`, error);
  root.render(<BootFailure />);
});
