import { QueryClient } from "@tanstack/react-query";

/**
 * TanStack Query with the data-fetching defaults of docs/product.md#9-constants: data never stale, no refetch
 * on window focus, no polling, no retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
