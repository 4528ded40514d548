import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error.ts';

/** One cache for the whole portal, shared by route loaders and components. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Only a request that got no answer is worth a second try; server answers are final.
      retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.status === 0,
      // Loaders have just fetched; an error they saw is shown, not fetched again on mount.
      retryOnMount: false,
      // Focus changes would raise the global loading overlay for nothing.
      refetchOnWindowFocus: false,
    },
  },
});
