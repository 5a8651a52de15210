import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App';
import { boot } from './boot';
import { BootFailure } from './BootFailure';
import { registerServiceWorker } from './serviceWorker';

/** Boots the signed-in application (config, identity, API client) and renders it. */
export function startApp(root: Root): void {
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
}
