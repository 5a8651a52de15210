import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '@bree/contracts';
import type { ApiClient } from '../lib/api';
import type { TokenManager } from '../features/auth/tokenManager';
import type { AppUserManager } from '../features/auth/lazyUserManager';

/** Everything created once at boot and shared by the app. */
export interface Services {
  config: PublicConfig;
  userManager: AppUserManager;
  tokens: TokenManager;
  api: ApiClient;
  queryClient: QueryClient;
}

const ServicesContext = createContext<Services | null>(null);

/** Makes the boot-time services available to every component. */
export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** The boot-time services (config, userManager, tokens, api, queryClient). */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}
