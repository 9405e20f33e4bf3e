import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { getInvoices } from './billing';
import { subscriptionKeys } from './query-keys';

export const invoicesQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: subscriptionKeys.invoices(userId), queryFn: getInvoices });

/** The signed-in user's invoices, newest first. */
export function useInvoices() {
  const { state } = useAuth();
  return useQuery(invoicesQueryOptions(state.user?.sub));
}
