import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppErrorBoundary } from '../lib/errors';
import { AuthSessionProvider } from '../features/auth/AuthSession';
import { hasStoredSession } from '../public/session';
import { PublicSiteProvider } from '../public/site';
import { Toaster } from '../ui/Toaster';
import { AppRoutes } from './router';
import { ServicesProvider } from './services';
import type { Services } from './services';

/** The application root: error boundary, services, queries, identity session, routes and toasts. */
export function App({ services }: { services: Services }) {
  // Public pages reached inside the app (the landing after signing out, a legal link) read the same configuration.
  const [site] = useState(() => ({ config: services.config, signedIn: hasStoredSession() }));
  return (
    <>
      <AppErrorBoundary>
        <ServicesProvider services={services}>
          <PublicSiteProvider site={site}>
            <QueryClientProvider client={services.queryClient}>
              {/* /callback and /silent-callback process the issuer's answer themselves. */}
              <AuthSessionProvider userManager={services.userManager}>
                <AppRoutes />
              </AuthSessionProvider>
            </QueryClientProvider>
          </PublicSiteProvider>
        </ServicesProvider>
      </AppErrorBoundary>
      {/* Outside the boundary so 'Application Error: …' can still be shown. */}
      <Toaster />
    </>
  );
}
