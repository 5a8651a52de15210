import { createRoot } from 'react-dom/client';
import { PRODUCT_NAME } from '@bree/contracts';
import './styles.css';
import { BootFailure } from './app/BootFailure';
import { installOffer } from './features/install/installPrompt';
import { installGlobalErrorLogging } from './lib/errors/errorReport';
import { publicPageFor } from './public/pages';
import { LoadingScreen } from './ui/Spinner';

installGlobalErrorLogging(window);
// Before anything else: the browser's install offer can arrive while the app is still booting.
installOffer();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(<LoadingScreen label={`Loading ${PRODUCT_NAME}`} />);

// The landing and legal pages load without the app's sign-in, data and editor libraries.
const starting = publicPageFor(window.location.pathname)
  ? import('./public/PublicSite').then((site) => site.startPublicSite(root))
  : import('./app/startApp').then((app) => app.startApp(root));
starting.catch((error: unknown) => {
  // A chunk that cannot be fetched (offline, or replaced by a newer release).
  console.error(`[${PRODUCT_NAME}] start-up failed`, error);
  root.render(<BootFailure />);
});
