import { QueryClient } from '@tanstack/react-query';
import { REFETCH_ON_WINDOW_FOCUS, RETRY_MAX_ATTEMPTS } from '@core/constants';
import { isRetryable, retryDelayMs } from '@core/retry';

/**
 * The SPA's query cache with the transport policy of SPEC §7/§9: up to 3 attempts in all for
 * retryable failures (network, 429, 5xx, time-outs), 2^attempt × 100 ms + jitter between them,
 * and no refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: REFETCH_ON_WINDOW_FOCUS,
        retry: (failureCount, error) => failureCount < RETRY_MAX_ATTEMPTS - 1 && isRetryable(error),
        retryDelay: (failureCount) => retryDelayMs(failureCount + 1),
      },
    },
  });
}
