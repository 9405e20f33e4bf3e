import { useMutation } from '@tanstack/react-query';
import type { PaidPlan } from '@core/subscription';
import { leaveSiteFor } from '../lib/leave-site';
import { openBillingPortal, startCheckout } from './billing';
import { useReloadWhenStale } from './use-stale-reload';

/**
 * Opens one of the provider's hosted pages: asks the API for its URL, then leaves for it. Busy from
 * the click until the browser has left (a second click would open a second checkout).
 */
function useProviderPage<V>(pageUrl: (variables: V) => Promise<{ readonly url: string }>) {
  const reloadWhenStale = useReloadWhenStale();
  const mutation = useMutation({
    mutationFn: pageUrl,
    onSuccess: ({ url }) => leaveSiteFor(url),
    onError: reloadWhenStale,
  });
  return { ...mutation, leaving: mutation.isPending || mutation.isSuccess };
}

/** POST /checkout for the plan, then the provider's hosted checkout page. */
export const useCheckout = () => useProviderPage((plan: PaidPlan) => startCheckout(plan));

/** POST /portal, then the provider's billing portal (update the card, invoices). */
export const useBillingPortal = () => useProviderPage<void>(() => openBillingPortal());
