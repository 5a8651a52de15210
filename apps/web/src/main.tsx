import { createRoot } from 'react-dom/client';
import { PRODUCT_NAME } from '@bree/contracts';
import './styles.css';
import { BootFailure } from './app/BootFailure';
import { installOffer } from './features/install/installOffer';
import { installGlobalErrorLogging } from './lib/errors/errorReport';
import { fetchPublicConfig, renderedPublicConfig } from './public/config';
import { holdEarlyClicks } from './public/earlyClicks';
import { loadPublicPage, publicPathOf } from './public/pages';
import { LoadingScreen } from './ui/Spinner';

installGlobalErrorLogging(window);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const reportStartFailure = (error: unknown) => console.error(`[${PRODUCT_NAME}] start-up failed`, error);

// The landing and legal pages load without the app's sign-in, data and editor libraries.
const publicPath = publicPathOf(window.location.pathname);
const rendered = publicPath ? renderedPublicConfig() : null;
if (publicPath && rendered) {
  // The server sent the page itself (docs/PUBLIC-SITE.md): it stays on screen, readable, while its
  // code arrives, and stays so if the code cannot be fetched.
  const releaseEarlyClicks = holdEarlyClicks(container);
  void loadPublicPage(publicPath).catch(() => undefined);
  import('./public/start')
    .then((start) => start.hydratePublicPage(container, publicPath, rendered, releaseEarlyClicks))
    .catch((error: unknown) => {
      releaseEarlyClicks();
      reportStartFailure(error);
    });
} else {
  const root = createRoot(container);
  root.render(<LoadingScreen label={`Loading ${PRODUCT_NAME}`} />);
  let starting: Promise<void>;
  if (publicPath) {
    // The page's code and the configuration are fetched side by side, not one after the other.
    const publicConfig = fetchPublicConfig();
    // Handled where it is awaited; this keeps an early failure from being reported as unhandled meanwhile.
    publicConfig.catch(() => undefined);
    void loadPublicPage(publicPath).catch(() => undefined);
    starting = import('./public/start').then((start) => start.renderPublicPageInto(root, publicPath, publicConfig));
  } else {
    // Before the app boots: the browser's install offer can arrive meanwhile (the profile menu offers it).
    installOffer();
    starting = import('./app/startApp').then((app) => app.startApp(root));
  }
  starting.catch((error: unknown) => {
    // A chunk that cannot be fetched (offline, or replaced by a newer release).
    reportStartFailure(error);
    root.render(<BootFailure />);
  });
}
