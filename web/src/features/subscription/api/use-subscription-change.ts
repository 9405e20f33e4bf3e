import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaidPlan } from '@core/subscription';
import { useAuth } from '../../../lib/auth/auth-context';
import { changePlan, setCancelAtPeriodEnd } from './billing';
import { subscriptionKeys } from './query-keys';
import { useReloadWhenStale } from './use-stale-reload';

export type SubscriptionChange =
  | { readonly action: 'cancel' }
  | { readonly action: 'resume' }
  | { readonly action: 'switch'; readonly plan: PaidPlan; readonly prorationDate?: number };

const run = (change: SubscriptionChange) =>
  change.action === 'switch'
    ? changePlan(change.plan, change.prorationDate)
    : setCancelAtPeriodEnd(change.action === 'cancel');

/**
 * Cancel at period end, resume, or switch the interval. The answer is the subscription as the
 * provider now has it: it becomes the session's (§4 USER_SUBSCRIPTION), so every screen shows it,
 * and the invoices and switch previews are read again (a switch bills the prorated difference and
 * may leave credit). A refused switch reads its preview again too (409: the amounts shown were
 * out of date).
 */
export function useSubscriptionChange() {
  const { dispatch } = useAuth();
  const client = useQueryClient();
  const reloadWhenStale = useReloadWhenStale();
  return useMutation({
    mutationFn: run,
    onError: async (error) => {
      reloadWhenStale(error);
      await client.invalidateQueries({ queryKey: subscriptionKeys.allPreviews() });
    },
    onSuccess: async (subscription) => {
      dispatch({ type: 'USER_SUBSCRIPTION', subscription });
      await Promise.all([
        client.invalidateQueries({ queryKey: subscriptionKeys.allInvoices() }),
        client.invalidateQueries({ queryKey: subscriptionKeys.allPreviews() }),
      ]);
    },
  });
}
