import { useCallback } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';

/**
 * A change the server refused because the session's copy of the subscription is out of date (409:
 * already Premium; 404: no subscription to change — a webhook moved it meanwhile, in another tab
 * or at the provider): read the subscription again, so the panel shows what the server has.
 */
export function useReloadWhenStale(): (error: Error) => void {
  const { reloadSubscription } = useAuth();
  return useCallback(
    (error: Error) => {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409)) return;
      reloadSubscription().catch((reload: unknown) =>
        console.error('Reloading the subscription failed', reload),
      );
    },
    [reloadSubscription],
  );
}
