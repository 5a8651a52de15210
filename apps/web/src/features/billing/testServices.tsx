import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TestRouter } from '../../app/testRouter';
import { ServicesProvider } from '../../app/services';
import type { Services } from '../../app/services';
import type { ApiClient } from '../../lib/api';

/** Component tests: the services with the API client, a fresh query cache, billing on or off, inside a router. */
export function withBillingServices(api: Partial<Pick<ApiClient, 'get' | 'post'>>, { billing = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services = { api, queryClient, config: { productName: 'Bree', billing: { enabled: billing } } } as unknown as Services;
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <TestRouter>
        <ServicesProvider services={services}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ServicesProvider>
      </TestRouter>
    );
  };
}
