import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SessionProvider } from '../features/auth/session';
import { ApiError, isWorthRetrying } from '../lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not fix itself. A failed connection is asked again once: the catalogue
        // shows this browser's saved answer meanwhile, and a longer wait only delays the
        // Retry button when nothing is saved. A 5xx gets two more tries.
        retry: (failureCount, error) =>
          isWorthRetrying(error) && failureCount < (error instanceof ApiError && error.status === 0 ? 1 : 2),
      },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
