import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PRODUCT_NAME } from '@bree/contracts';
import './styles.css';
import { App } from './app/App';
import { boot } from './app/boot';
import { BootFailure } from './app/BootFailure';
import { registerServiceWorker } from './app/serviceWorker';
import { installOffer } from './features/install/installPrompt';
import { installGlobalErrorLogging } from './lib/errors';
import { LoadingScreen } from './ui';

installGlobalErrorLogging(window);
// Before anything else: the browser's install offer can arrive while the app is still booting.
installOffer();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

root.render(<LoadingScreen label={`Loading ${PRODUCT_NAME}`} />);

const booting = boot();
// After boot, so precaching doesn't compete with the first screen's own requests.
void booting.finally(registerServiceWorker).catch(() => undefined);

booting.then(
  (services) =>
    root.render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('[Bree] start-up failed', error);
    root.render(<BootFailure />);
  },
);
