import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Server data is fresh for 60 s; no refetch on window focus (spec §9). Client errors are not retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
