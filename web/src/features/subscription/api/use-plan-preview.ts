import { useQuery } from '@tanstack/react-query';
import type { PaidPlan } from '@core/subscription';
import { useAuth } from '../../../lib/auth/auth-context';
import { previewPlanChange } from './billing';
import { subscriptionKeys } from './query-keys';

/**
 * What switching to `plan` costs today (the provider's preview), read while the switch dialog is
 * open: each opening reads it anew, since the proration moves with time and the credit balance
 * with every invoice.
 */
export function usePlanPreview(plan: PaidPlan, enabled: boolean) {
  const { state } = useAuth();
  return useQuery({
    queryKey: subscriptionKeys.preview(state.user?.sub, plan),
    queryFn: () => previewPlanChange(plan),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
