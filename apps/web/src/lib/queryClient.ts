import { QueryClient } from '@tanstack/react-query';

/** The app's query client; the API client already retries transient failures once, so queries don't. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
