import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPlans } from './billing';
import { subscriptionKeys } from './query-keys';

// Prices change rarely (a new Stripe Price): one load a visit is plenty.
const PLANS_STALE_MS = 10 * 60_000;

export const plansQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans(),
    queryFn: getPlans,
    staleTime: PLANS_STALE_MS,
  });

/** The paid plans with the provider's prices. */
export const usePlans = () => useQuery(plansQueryOptions());
