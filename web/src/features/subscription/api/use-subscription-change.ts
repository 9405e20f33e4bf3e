import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaidPlan } from '@core/subscription';
import { useAuth } from '../../../lib/auth/auth-context';
import { changePlan, setCancelAtPeriodEnd } from './billing';
import { subscriptionKeys } from './query-keys';
import { useReloadWhenStale } from './use-stale-reload';

export type SubscriptionChange =
  | { readonly action: 'cancel' }
  | { readonly action: 'resume' }
  | { readonly action: 'switch'; readonly plan: PaidPlan };

const run = (change: SubscriptionChange) =>
  change.action === 'switch'
    ? changePlan(change.plan)
    : setCancelAtPeriodEnd(change.action === 'cancel');

/**
 * Cancel at period end, resume, or switch the interval. The answer is the subscription as the
 * provider now has it: it becomes the session's (§4 USER_SUBSCRIPTION), so every screen shows it,
 * and the invoices are read again (a switch bills the prorated difference).
 */
export function useSubscriptionChange() {
  const { dispatch } = useAuth();
  const client = useQueryClient();
  const reloadWhenStale = useReloadWhenStale();
  return useMutation({
    mutationFn: run,
    onError: reloadWhenStale,
    onSuccess: async (subscription) => {
      dispatch({ type: 'USER_SUBSCRIPTION', subscription });
      await client.invalidateQueries({ queryKey: subscriptionKeys.allInvoices() });
    },
  });
}
