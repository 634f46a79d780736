import { QueryClient } from "@tanstack/react-query";

/** Data loading: no automatic retry, no refetch on focus, no polling, never stale, unused cache dropped after 5 minutes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}
