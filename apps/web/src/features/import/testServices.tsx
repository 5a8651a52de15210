import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ServicesProvider } from '../../app/services';
import type { Services } from '../../app/services';
import type { ApiClient } from '../../lib/api';

/** Component tests: the services provider with only the API client and query cache filled in. */
export function withServices(api: Pick<ApiClient, 'post'>) {
  const services = { api, queryClient: new QueryClient() } as unknown as Services;
  return function Wrapper({ children }: { children: ReactNode }) {
    return <ServicesProvider services={services}>{children}</ServicesProvider>;
  };
}
